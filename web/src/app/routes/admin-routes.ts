import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { lazyRoute, type RouteChunk } from '../lazy-route.ts';
import { uploadPages } from './upload-routes.ts';

const adminPanel: RouteChunk = () => import('../chunks/admin-pages.ts');

/**
 * The admin panel under the dashboard layout: one route draws every page
 * of the panel's chunk (chunks/admin-pages.ts), so this table, in every page's
 * first download, does not grow with the panel; /admin/resources/upload is the
 * upload pages' (upload-routes.ts). The guard keeps /admin for admins whatever
 * the metadata says, and names each page after its path in /login?route=
 * (admin-users…). The server checks again.
 */
export function adminRoutes(): RouteObject[] {
  const page = lazyRoute(adminPanel, { Component: 'AdminPageRoute', loader: 'adminPageLoader', ErrorBoundary: 'PortalRouteError' });
  return [
    {
      path: 'admin',
      handle: { access: 'admin' } satisfies RouteAccessHandle,
      ...lazyRoute(adminPanel, { Component: 'AdminShell' }),
      children: [
        { index: true, ...page },
        { path: 'resources/upload', ...lazyRoute(uploadPages, { Component: 'AdminUploadPage', loader: 'adminUploadLoader', ErrorBoundary: 'PortalRouteError' }) },
        { path: '*', ...page },
      ],
    },
  ];
}
