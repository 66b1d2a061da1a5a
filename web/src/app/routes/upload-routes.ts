import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../features/auth/guards.ts';
import type { uploadChunk } from '../chunks/upload-chunk.ts';

/*
 * The upload pages (docs/PRODUCT.md#uploads): /upload, /upload/draft,
 * /upload/ModalAlert, and the admin's /admin/resources/upload in the
 * dashboard layout (features/admin/admin-routes.ts). This table is in every
 * page's first download, whose budget has no byte to spare, so each route
 * only names its part of the upload chunk, reached through upload-entry.ts.
 * No access `handle`s: the guard keeps every path under /upload for
 * logged-in users and under /admin for admins whatever the metadata says
 * (guards.ts, docs/PRODUCT.md#route-guards). The admin page names itself, or it would take its
 * parent's route name (`admin`) in the guard's /login?route=.
 */
const lazy = (key: keyof typeof uploadChunk) => async () => (await import('../chunks/upload-entry.ts')).load(key);

export function uploadRoutes(): RouteObject[] {
  return [
    {
      path: 'upload',
      lazy: lazy('layout'),
      children: [
        { index: true, lazy: lazy('upload') },
        { path: 'draft', lazy: lazy('draft') },
        { path: 'ModalAlert', lazy: lazy('alert') },
      ],
    },
  ];
}

/** /admin/resources/upload, inside the admin dashboard layout (path relative to /admin). */
export function uploadAdminRoutes(): RouteObject[] {
  return [{ path: 'resources/upload', handle: { name: 'admin-resources-upload' } satisfies RouteAccessHandle, lazy: lazy('admin') }];
}
