import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { routeGuard } from '../session/guards.ts';
import { MenuLoadError } from '../features/menu/MenuLoadError.tsx';
import { menuLoader } from '../features/menu/menu-loader.ts';
import { indexLoader } from '../features/visit/index-loader.ts';
import { AppError } from './AppError.tsx';
import { AppLoading } from './AppLoading.tsx';
import { AppShell } from './AppShell.tsx';
import { lazyRoute } from './lazy-route.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { libraryRoutes } from './routes/library-routes.ts';
import { portalRoutes } from './routes/portal-routes.ts';
import { uploadRoutes } from './routes/upload-routes.ts';

/**
 * Every route of the app (docs/ROUTES.md). Layouts and pages are lazy chunks
 * (lazy-route.ts); the menu's loader is tiny and eager so its data request
 * starts without waiting for code. A fresh tree per router: the router
 * resolves lazy routes into these objects.
 */
export function appRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    {
      Component: AppShell,
      // docs/PRODUCT.md#route-guards, before every navigation; pages declare needs in `handle` (see session/guards.ts).
      middleware: [routeGuard(() => routes)],
      HydrateFallback: AppLoading,
      ErrorBoundary: AppError,
      children: [
        { index: true, loader: indexLoader },
        { path: 'home', loader: () => redirect('/') },
        ...accountRoutes(),
        ...libraryRoutes(),
        ...portalRoutes(),
        ...uploadRoutes(),
        ...adminRoutes(),
        {
          ...lazyRoute(() => import('../layouts/BlankLayout.tsx'), (m) => ({ Component: m.BlankLayout })),
          // The menu's error boundary is in the first download: it must show when the kit cannot be reached.
          children: [{ path: 'menu', loader: menuLoader, ErrorBoundary: MenuLoadError, ...lazyRoute(() => import('../pages/MenuPage.tsx'), (m) => ({ Component: m.MenuPage })) }],
        },
        {
          ...lazyRoute(() => import('../layouts/NoSidebarLayout.tsx'), (m) => ({ Component: m.NoSidebarLayout })),
          children: [{ path: '*', ...lazyRoute(() => import('../pages/NotFoundPage.tsx'), (m) => ({ Component: m.NotFoundPage })) }],
        },
      ],
    },
  ];
  return routes;
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
