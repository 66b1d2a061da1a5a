import type { RouteObject } from 'react-router';
import { portalAdminRoutes } from '../portal/portal-routes.ts';
import type { RouteAccessHandle } from '../session/guards.ts';

/**
 * The admin panel's routes (issue 6) under the dashboard layout. Everything is
 * a lazy chunk, so visitors of /menu never download admin code. The guard keeps
 * /admin for admins; the server checks again.
 */
const adminOnly = (name: string): RouteAccessHandle => ({ access: 'admin', name });
const page = (load: () => Promise<Record<string, unknown>>, name: string): Pick<RouteObject, 'lazy'> => ({
  lazy: { Component: async () => (await load())[name] as RouteObject['Component'] },
});

export function adminRoutes(): RouteObject[] {
  return [
    {
      path: 'admin',
      handle: adminOnly('admin'),
      lazy: { Component: async () => (await import('./AdminShell.tsx')).AdminShell },
      children: [
        { index: true, handle: adminOnly('admin'), ...page(() => import('../../pages/AdminSummaryPage.tsx'), 'AdminSummaryPage') },
        { path: 'users', handle: adminOnly('admin-users'), ...page(() => import('../../pages/AdminUsersPage.tsx'), 'AdminUsersPage') },
        { path: 'category', handle: adminOnly('admin-category'), ...page(() => import('../../pages/AdminCategoryPage.tsx'), 'AdminCategoryPage') },
        { path: 'data', handle: adminOnly('admin-data'), ...page(() => import('../../pages/AdminDataPage.tsx'), 'AdminDataPage') },
        ...portalAdminRoutes(),
      ],
    },
  ];
}
