import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { adminRoutes } from './routes/admin-routes.ts';
import { libraryRoutes } from './routes/library-routes.ts';
import { menuLoader } from '../features/menu/menu-loader.ts';
import { portalRoutes } from './routes/portal-routes.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { uploadRoutes } from './routes/upload-routes.ts';
import { routeGuard } from '../features/auth/guards.ts';
import { indexLoader } from '../features/visit/index-loader.ts';
import { AppError } from './AppError.tsx';
import { AppLoading } from './AppLoading.tsx';
import { AppShell } from './AppShell.tsx';

/**
 * The routes of docs/PRODUCT.md#pages that exist so far. Layouts and pages are lazy chunks;
 * loaders are tiny and eager so data requests start without waiting for code.
 * A fresh tree per router: the router resolves lazy routes into these objects.
 */
export function appRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    {
      Component: AppShell,
      // docs/PRODUCT.md#route-guards route guard rules, before every navigation; pages declare needs in `handle` (see guards.ts).
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
        // Admin (docs/API-admin.md)
        ...adminRoutes(),
        {
          lazy: { Component: async () => (await import('../layouts/BlankLayout.tsx')).BlankLayout },
          children: [
            {
              path: 'menu',
              loader: menuLoader,
              lazy: {
                Component: async () => (await import('../pages/MenuPage.tsx')).MenuPage,
                ErrorBoundary: async () => (await import('../features/menu/MenuLoadError.tsx')).MenuLoadError,
              },
            },
          ],
        },
        {
          lazy: { Component: async () => (await import('../layouts/NoSidebarLayout.tsx')).NoSidebarLayout },
          children: [
            { path: '*', lazy: { Component: async () => (await import('../pages/NotFoundPage.tsx')).NotFoundPage } },
          ],
        },
      ],
    },
  ];
  return routes;
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
