import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { lazyRoute, type RouteChunk } from '../lazy-route.ts';

/**
 * The portal's routes: the apps repository, the download pages, the ads board
 * and its admin pages. Everything is lazy, loaders included: none of it is in
 * /menu's download (docs/PRODUCT.md#budgets). Admin pages live under /admin,
 * which the guard keeps for admins; the server checks again.
 */
const pages: RouteChunk = () => import('../chunks/portal-pages.ts');
const adminPages: RouteChunk = () => import('../chunks/portal-admin-pages.ts');
const page = (chunk: RouteChunk, Component: string, loader?: string) => lazyRoute(chunk, { Component, loader, ErrorBoundary: 'PortalRouteError' });

const needsUser: RouteAccessHandle = { access: 'user' };
const adminOnly = (name: string): RouteAccessHandle => ({ access: 'admin', name });

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

/** The portal's admin pages, shown inside the admin dashboard layout (paths relative to /admin). */
export function portalAdminRoutes(): RouteObject[] {
  return [
    { path: 'menu', handle: adminOnly('admin-menu'), ...page(adminPages, 'MenuEditorPage', 'menuEditorLoader') },
    { path: 'anuncios', handle: adminOnly('admin-anuncios'), ...page(adminPages, 'AdsModerationPage', 'adsModerationLoader') },
    { path: 'mensajes', handle: adminOnly('admin-mensajes'), ...page(adminPages, 'ContactMessagesPage', 'contactMessagesLoader') },
  ];
}
