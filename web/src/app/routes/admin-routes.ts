import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { lazyRoute } from '../lazy-route.ts';
import { uploadPages } from './upload-routes.ts';

const adminPanel = () => import('../chunks/admin-pages.ts');

/**
 * The admin panel under the dashboard layout: one route draws every page
 * of the panel's chunk (chunks/admin-pages.ts), so this table, in every page's
 * first download, does not grow with the panel; /admin/resources/upload is the
 * upload pages' (upload-routes.ts). The guard keeps /admin for admins whatever
 * the metadata says, and names each page after its path in /login?route=
 * (admin-users…). The server checks again.
 */
export function adminRoutes(): RouteObject[] {
  const page = lazyRoute(adminPanel, (m) => ({ Component: m.AdminPageRoute, loader: m.adminPageLoader, ErrorBoundary: m.PortalRouteError }));
  return [
    {
      path: 'admin',
      handle: { access: 'admin' } satisfies RouteAccessHandle,
      ...lazyRoute(adminPanel, (m) => ({ Component: m.AdminShell })),
      children: [
        { index: true, ...page },
        { path: 'resources/upload', ...lazyRoute(uploadPages, (m) => ({ Component: m.AdminUploadPage, loader: m.adminUploadLoader, ErrorBoundary: m.PortalRouteError })) },
        { path: '*', ...page },
      ],
    },
  ];
}
