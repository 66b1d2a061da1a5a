import type { RouteObject } from 'react-router';
import { ADMIN_PAGES, routeNameOf } from '../../features/admin/admin-pages.ts';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { lazyRoute, type RouteChunk } from '../lazy-route.ts';
import { uploadPages } from './upload-routes.ts';

const adminPages: RouteChunk = () => import('../chunks/admin-pages.ts');

const adminOnly = (name: string): RouteAccessHandle => ({ access: 'admin', name });

/**
 * The admin panel's routes under the dashboard layout, made from its table of
 * pages (features/admin/admin-pages.ts). Its code is one lazy chunk
 * (chunks/admin-pages.ts; /admin/resources/upload is in the upload pages'),
 * so visitors of /menu never download it. The guard keeps /admin for admins whatever the
 * metadata says; each page names itself, or it would take its parent's name
 * (`admin`) in the guard's /login?route=. The server checks again.
 */
export function adminRoutes(): RouteObject[] {
  return [
    {
      path: 'admin',
      handle: adminOnly('admin'),
      ...lazyRoute(adminPages, { Component: 'AdminShell' }),
      children: ADMIN_PAGES.map(({ path, inUploadChunk, Component, loader }) => ({
        ...(path === '' ? { index: true } : { path }),
        handle: adminOnly(routeNameOf({ path })),
        // a page whose data may not come says so in the panel's frame
        ...lazyRoute(inUploadChunk ? uploadPages : adminPages, { Component, loader, ErrorBoundary: loader && 'PortalRouteError' }),
      })),
    },
  ];
}
