import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { lazyRoute, type RouteChunk } from '../lazy-route.ts';

/**
 * The portal's routes: the apps repository, the download pages, the ads board
 * and its admin pages. Everything is lazy, loaders included: none of it is in
 * /menu's download (docs/PRODUCT.md#budgets).
 */
const pages: RouteChunk = () => import('../chunks/portal-pages.ts');
const page = (chunk: RouteChunk, Component: string, loader?: string) => lazyRoute(chunk, { Component, loader, ErrorBoundary: 'PortalRouteError' });

const needsUser: RouteAccessHandle = { access: 'user' };

export function portalRoutes(): RouteObject[] {
  return [
    {
      ...lazyRoute(() => import('../../layouts/NoSidebarLayout.tsx'), { Component: 'NoSidebarLayout' }),
      children: [
        { path: 'uapps', ...page(pages, 'AppsPage', 'appsLoader') },
        { path: 'extra/download', ...page(pages, 'DownloadPage', 'appDownloadLoader') },
        { path: 'extra/download-browser', ...page(pages, 'DownloadBrowserPage', 'browsersLoader') },
        { path: 'anuncios', ...page(pages, 'AdsPage', 'adsLoader') },
        { path: 'anuncios/nuevo', handle: needsUser, ...page(pages, 'NewAdPage') },
      ],
    },
  ];
}
