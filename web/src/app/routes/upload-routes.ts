import type { RouteObject } from 'react-router';
import { lazyRoute, type RouteParts } from '../lazy-route.ts';

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
export const uploadPages = async () => (await import('../chunks/upload-entry.ts')).load();
const page = (parts: (code: Awaited<ReturnType<typeof uploadPages>>) => RouteParts) => lazyRoute(uploadPages, (code) => ({ ...parts(code), ErrorBoundary: code.PortalRouteError }));

export function uploadRoutes(): RouteObject[] {
  return [
    {
      path: 'upload',
      ...lazyRoute(uploadPages, (m) => ({ Component: m.NoSidebarLayout })),
      children: [
        { index: true, ...page((m) => ({ Component: m.UploadPage, loader: m.uploadLoader })) },
        { path: 'draft', ...page((m) => ({ Component: m.UploadDraftPage, loader: m.draftsLoader })) },
        { path: 'ModalAlert', ...page((m) => ({ Component: m.UploadAlertPage })) },
      ],
    },
  ];
}
