import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../session/guards.ts';

/*
 * The upload pages (issue 5, SPEC §2): /upload, /upload/draft,
 * /upload/ModalAlert for logged-in users (the guard also keeps every path
 * under /upload for them), and the admin's /admin/resources/upload, which
 * sits in the dashboard layout (features/admin/admin-routes.ts). All lazy.
 */
type Chunk = () => Promise<Record<string, unknown>>;

const loaders: Chunk = () => import('./upload-loaders.ts');

function lazyPage(page: Chunk, pageName: string, loaderName?: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: {
      ...(loaderName ? { loader: async () => (await loaders())[loaderName] as RouteObject['loader'] } : {}),
      Component: async () => (await page())[pageName] as RouteObject['Component'],
      ErrorBoundary: async () => (await import('../portal/PortalRouteError.tsx')).PortalRouteError,
    },
  };
}

const needsUser: RouteAccessHandle = { access: 'user' };

export function uploadRoutes(): RouteObject[] {
  return [
    {
      path: 'upload',
      handle: needsUser,
      lazy: { Component: async () => (await import('../../layouts/NoSidebarLayout.tsx')).NoSidebarLayout },
      children: [
        { index: true, ...lazyPage(() => import('../../pages/UploadPage.tsx'), 'UploadPage', 'uploadLoader') },
        { path: 'draft', ...lazyPage(() => import('../../pages/UploadDraftPage.tsx'), 'UploadDraftPage', 'draftsLoader') },
        { path: 'ModalAlert', ...lazyPage(() => import('../../pages/UploadAlertPage.tsx'), 'UploadAlertPage') },
      ],
    },
  ];
}

/** /admin/resources/upload, inside the admin dashboard layout (path relative to /admin). */
export function uploadAdminRoutes(): RouteObject[] {
  return [
    {
      path: 'resources/upload',
      handle: { access: 'admin', name: 'admin-resources-upload' } satisfies RouteAccessHandle,
      ...lazyPage(() => import('../admin/admin-pages.ts'), 'AdminUploadPage', 'adminUploadLoader'),
    },
  ];
}
