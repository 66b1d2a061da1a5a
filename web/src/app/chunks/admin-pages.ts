/**
 * The admin panel's code as one lazy chunk, the portal's admin pages (menu
 * editor, ads, messages) included: visitors never download it, and one chunk
 * is one line in /menu's preload map. A page with a loader shows
 * PortalRouteError when its data does not come (app/routes/admin-routes.ts).
 */
export { AdminShell } from '../../features/admin/AdminShell.tsx';
export { AdminSummaryPage } from '../../pages/AdminSummaryPage.tsx';
export { AdminUsersPage } from '../../pages/AdminUsersPage.tsx';
export { AdminCategoryPage } from '../../pages/AdminCategoryPage.tsx';
export { AdminDataPage } from '../../pages/AdminDataPage.tsx';
export { AdminResourcesPage } from '../../pages/AdminResourcesPage.tsx';
export { AdminDevicePage } from '../../pages/AdminDevicePage.tsx';
export { AdminSyncPage } from '../../pages/AdminSyncPage.tsx';
export { MenuEditorPage } from '../../pages/MenuEditorPage.tsx';
export { menuEditorLoader } from '../../features/menu-admin/menu-editor-loader.ts';
export { AdsModerationPage } from '../../pages/AdsModerationPage.tsx';
export { adsModerationLoader } from '../../features/ads/ads-loaders.ts';
export { ContactMessagesPage } from '../../pages/ContactMessagesPage.tsx';
export { contactMessagesLoader } from '../../features/contact/contact-messages-loader.ts';
export { PortalRouteError } from '../../features/portal/PortalRouteError.tsx';
