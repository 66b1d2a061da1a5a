import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { lazyRoute, type RouteChunk } from '../lazy-route.ts';

/*
 * The upload pages (docs/PRODUCT.md#uploads): /upload, /upload/draft,
 * /upload/ModalAlert, and the admin's /admin/resources/upload in the
 * dashboard layout (admin-routes.ts). Their code is one chunk, reached
 * through a tiny door (chunks/upload-entry.ts) so its preload list stays out
 * of every page's first download.
 * No access `handle`s: the guard keeps every path under /upload for
 * logged-in users and under /admin for admins whatever the metadata says
 * (session/guards.ts, docs/PRODUCT.md#route-guards). The admin page
 * names itself, or it would take its parent's route name (`admin`) in the
 * guard's /login?route=.
 */
const uploads: RouteChunk = async () => (await import('../chunks/upload-entry.ts')).load();
const page = (Component: string, loader?: string) => lazyRoute(uploads, { Component, loader, ErrorBoundary: 'PortalRouteError' });

export function uploadRoutes(): RouteObject[] {
  return [
    {
      path: 'upload',
      ...lazyRoute(uploads, { Component: 'NoSidebarLayout' }),
      children: [
        { index: true, ...page('UploadPage', 'uploadLoader') },
        { path: 'draft', ...page('UploadDraftPage', 'draftsLoader') },
        { path: 'ModalAlert', ...page('UploadAlertPage') },
      ],
    },
  ];
}

/** /admin/resources/upload, inside the admin dashboard layout (path relative to /admin). */
export function uploadAdminRoutes(): RouteObject[] {
  return [{ path: 'resources/upload', handle: { name: 'admin-resources-upload' } satisfies RouteAccessHandle, ...page('AdminUploadPage', 'adminUploadLoader') }];
}
