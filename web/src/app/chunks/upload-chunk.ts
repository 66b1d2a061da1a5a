/** The upload pages with their loaders, layout and error boundary: one lazy chunk (see app/routes/upload-routes.ts). */
export { NoSidebarLayout } from '../../layouts/NoSidebarLayout.tsx';
export { AdminUploadPage } from '../../pages/AdminUploadPage.tsx';
export { UploadAlertPage } from '../../pages/UploadAlertPage.tsx';
export { UploadDraftPage } from '../../pages/UploadDraftPage.tsx';
export { UploadPage } from '../../pages/UploadPage.tsx';
export { PortalRouteError } from '../../features/portal/PortalRouteError.tsx';
export { adminUploadLoader, draftsLoader, uploadLoader } from '../../features/uploads/upload-loaders.ts';
