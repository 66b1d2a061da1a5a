/** The portal's pages with their loaders and error boundary: one lazy chunk (see app/routes/portal-routes.ts). */
export { AppsPage } from '../../pages/AppsPage.tsx';
export { appsLoader } from '../../features/apps/apps-loader.ts';
export { DownloadPage } from '../../pages/DownloadPage.tsx';
export { appDownloadLoader } from '../../features/downloads/downloads-loader.ts';
export { DownloadBrowserPage } from '../../pages/DownloadBrowserPage.tsx';
export { browsersLoader } from '../../features/downloads/browsers-loader.ts';
export { AdsPage } from '../../pages/AdsPage.tsx';
export { NewAdPage } from '../../pages/NewAdPage.tsx';
export { adsLoader } from '../../features/ads/ads-loaders.ts';
export { PortalRouteError } from '../../features/portal/PortalRouteError.tsx';
