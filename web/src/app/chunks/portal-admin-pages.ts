/** The portal's admin pages with their loaders and error boundary: one lazy chunk (see app/routes/portal-routes.ts). */
export { MenuEditorPage } from '../../pages/MenuEditorPage.tsx';
export { menuEditorLoader } from '../../features/menu-admin/menu-editor-loader.ts';
export { AdsModerationPage } from '../../pages/AdsModerationPage.tsx';
export { adsModerationLoader } from '../../features/ads/ads-loaders.ts';
export { ContactMessagesPage } from '../../pages/ContactMessagesPage.tsx';
export { contactMessagesLoader } from '../../features/contact/contact-messages-loader.ts';
export { PortalRouteError } from '../../features/portal/PortalRouteError.tsx';
