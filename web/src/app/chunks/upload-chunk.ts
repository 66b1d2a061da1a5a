import type { LazyRouteFunction, RouteObject } from 'react-router';
import { NoSidebarLayout } from '../../layouts/NoSidebarLayout.tsx';
import { AdminUploadPage } from '../../pages/AdminUploadPage.tsx';
import { UploadAlertPage } from '../../pages/UploadAlertPage.tsx';
import { UploadDraftPage } from '../../pages/UploadDraftPage.tsx';
import { UploadPage } from '../../pages/UploadPage.tsx';
import { PortalRouteError } from '../../features/portal/PortalRouteError.tsx';
import { adminUploadLoader, draftsLoader, uploadLoader } from '../../features/uploads/upload-loaders.ts';

type Lazy = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

/**
 * The upload pages' code as one lazy chunk, each route's whole definition
 * under one key: the route table (in every page's first download, with a
 * tight budget) holds only a key per route.
 */
export const uploadChunk: Record<'layout' | 'upload' | 'draft' | 'alert' | 'admin', Lazy> = {
  layout: { Component: NoSidebarLayout },
  upload: { Component: UploadPage, loader: uploadLoader, ErrorBoundary: PortalRouteError },
  draft: { Component: UploadDraftPage, loader: draftsLoader, ErrorBoundary: PortalRouteError },
  alert: { Component: UploadAlertPage, ErrorBoundary: PortalRouteError },
  admin: { Component: AdminUploadPage, loader: adminUploadLoader, ErrorBoundary: PortalRouteError },
};
