import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { lazyRoute } from '../lazy-route.ts';
import { portalAdminRoutes } from './portal-routes.ts';
import { uploadAdminRoutes } from './upload-routes.ts';

type AdminPage = keyof typeof import('../chunks/admin-pages.ts');

/**
 * The admin panel's routes under the dashboard layout. Its code is one lazy
 * chunk (chunks/admin-pages.ts), so visitors of /menu never download it and
 * the route table stays small. The guard keeps /admin for admins; the server
 * checks again.
 */
const page = (name: AdminPage, routeName: string) => ({
  handle: { access: 'admin', name: routeName } satisfies RouteAccessHandle,
  ...lazyRoute(() => import('../chunks/admin-pages.ts'), { Component: name }),
});

export function adminRoutes(): RouteObject[] {
  return [
    {
      path: 'admin',
      ...page('AdminShell', 'admin'),
      children: [
        { index: true, ...page('AdminSummaryPage', 'admin') },
        { path: 'users', ...page('AdminUsersPage', 'admin-users') },
        { path: 'category', ...page('AdminCategoryPage', 'admin-category') },
        { path: 'data', ...page('AdminDataPage', 'admin-data') },
        ...(['all', 'block', 'draft', 'pending-approval', 'reports'] as const).map((list) => ({
          path: `resources/${list}`,
          ...page('AdminResourcesPage', `admin-resources-${list}`),
        })),
        { path: 'device', ...page('AdminDevicePage', 'admin-device') },
        { path: 'sync', ...page('AdminSyncPage', 'admin-sync') },
        ...portalAdminRoutes(),
        ...uploadAdminRoutes(),
      ],
    },
  ];
}
