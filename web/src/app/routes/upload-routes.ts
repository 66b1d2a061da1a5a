import type { RouteObject } from 'react-router';
import { lazyRoute, type RouteChunk } from '../lazy-route.ts';

/*
 * The upload pages (docs/PRODUCT.md#uploads): /upload, /upload/draft,
 * /upload/ModalAlert, and the admin's /admin/resources/upload in the
 * dashboard layout (admin-routes.ts). Their code is one chunk, reached
 * through a tiny door (chunks/upload-entry.ts) so its preload list stays out
 * of every page's first download.
 * No access `handle`s: the guard keeps every path under /upload for
 * logged-in users whatever the metadata says (session/guards.ts,
 * docs/PRODUCT.md#route-guards).
 */
export const uploadPages: RouteChunk = async () => (await import('../chunks/upload-entry.ts')).load();
const page = (Component: string, loader?: string) => lazyRoute(uploadPages, { Component, loader, ErrorBoundary: 'PortalRouteError' });

export function uploadRoutes(): RouteObject[] {
  return [
    {
      path: 'upload',
      ...lazyRoute(uploadPages, { Component: 'NoSidebarLayout' }),
      children: [
        { index: true, ...page('UploadPage', 'uploadLoader') },
        { path: 'draft', ...page('UploadDraftPage', 'draftsLoader') },
        { path: 'ModalAlert', ...page('UploadAlertPage') },
      ],
    },
  ];
}
