import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../features/auth/guards.ts';

/**
 * The portal's routes (docs/API-portal.md): the apps repository, the download pages,
 * the ads board and its admin pages. Everything is lazy, loaders included:
 * none of it is in /menu's download (docs/PRODUCT.md#budgets). Admin pages live under
 * /admin, which the guard keeps for admins; the server checks again.
 */
type Chunk = () => Promise<Record<string, unknown>>;

function lazyPage(page: Chunk, pageName: string, loader?: Chunk, loaderName?: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: {
      ...(loader && loaderName ? { loader: async () => (await loader())[loaderName] as RouteObject['loader'] } : {}),
      Component: async () => (await page())[pageName] as RouteObject['Component'],
      ErrorBoundary: async () => (await import('../../features/portal/PortalRouteError.tsx')).PortalRouteError,
    },
  };
}

const needsUser: RouteAccessHandle = { access: 'user' };
const adminOnly = (name: string): RouteAccessHandle => ({ access: 'admin', name });

export function portalRoutes(): RouteObject[] {
  const ads: Chunk = () => import('../../features/ads/ads-loaders.ts');
  return [
    {
      lazy: { Component: async () => (await import('../../layouts/NoSidebarLayout.tsx')).NoSidebarLayout },
      children: [
        { path: 'uapps', ...lazyPage(() => import('../../pages/AppsPage.tsx'), 'AppsPage', () => import('../../features/apps/apps-loader.ts'), 'appsLoader') },
        {
          path: 'extra/download',
          ...lazyPage(() => import('../../pages/DownloadPage.tsx'), 'DownloadPage', () => import('../../features/downloads/downloads-loader.ts'), 'appDownloadLoader'),
        },
        {
          path: 'extra/download-browser',
          ...lazyPage(() => import('../../pages/DownloadBrowserPage.tsx'), 'DownloadBrowserPage', () => import('../../features/downloads/browsers-loader.ts'), 'browsersLoader'),
        },
        { path: 'anuncios', ...lazyPage(() => import('../../pages/AdsPage.tsx'), 'AdsPage', ads, 'adsLoader') },
        { path: 'anuncios/nuevo', handle: needsUser, ...lazyPage(() => import('../../pages/NewAdPage.tsx'), 'NewAdPage') },
      ],
    },
  ];
}

/** The portal's admin pages, shown inside the admin dashboard layout (paths relative to /admin). */
export function portalAdminRoutes(): RouteObject[] {
  const ads: Chunk = () => import('../../features/ads/ads-loaders.ts');
  return [
        {
          path: 'menu',
          handle: adminOnly('admin-menu'),
          ...lazyPage(() => import('../../pages/MenuEditorPage.tsx'), 'MenuEditorPage', () => import('../../features/menu-admin/menu-editor-loader.ts'), 'menuEditorLoader'),
        },
        { path: 'anuncios', handle: adminOnly('admin-anuncios'), ...lazyPage(() => import('../../pages/AdsModerationPage.tsx'), 'AdsModerationPage', ads, 'adsModerationLoader') },
        {
          path: 'mensajes',
          handle: adminOnly('admin-mensajes'),
          ...lazyPage(() => import('../../pages/ContactMessagesPage.tsx'), 'ContactMessagesPage', () => import('../../features/contact-messages/contact-messages-loader.ts'), 'contactMessagesLoader'),
        },
  ];
}
