import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { lazyRoute, type RouteParts } from '../lazy-route.ts';

/**
 * The portal's routes: the apps repository, the download pages, the ads board
 * and its admin pages. Everything is lazy, loaders included: none of it is in
 * /menu's download (docs/PRODUCT.md#budgets).
 */
const pages = () => import('../chunks/portal-pages.ts');
const page = (parts: (code: Awaited<ReturnType<typeof pages>>) => RouteParts) => lazyRoute(pages, (code) => ({ ...parts(code), ErrorBoundary: code.PortalRouteError }));

const needsUser: RouteAccessHandle = { access: 'user' };

export function portalRoutes(): RouteObject[] {
  return [
    {
      ...lazyRoute(() => import('../../layouts/NoSidebarLayout.tsx'), (m) => ({ Component: m.NoSidebarLayout })),
      children: [
        { path: 'uapps', ...page((m) => ({ Component: m.AppsPage, loader: m.appsLoader })) },
        { path: 'extra/download', ...page((m) => ({ Component: m.DownloadPage, loader: m.appDownloadLoader })) },
        { path: 'extra/download-browser', ...page((m) => ({ Component: m.DownloadBrowserPage, loader: m.browsersLoader })) },
        { path: 'anuncios', ...page((m) => ({ Component: m.AdsPage, loader: m.adsLoader })) },
        { path: 'anuncios/nuevo', handle: needsUser, ...page((m) => ({ Component: m.NewAdPage })) },
      ],
    },
  ];
}
