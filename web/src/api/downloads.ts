import type { AppPackageInfo, AppPage, Package, PackageList } from '@kit/contract';
import { api } from './api.ts';

/* The apps repository (/uapps) and the download pages (/extra/download, /extra/download-browser). */

/** GET /api/v2/apps: published resources of type Aplicación with version and a counted download link. */
export function getApps(page: number, signal?: AbortSignal): Promise<AppPage> {
  return api.get<AppPage>('/v2/apps', { page }, signal);
}

/** GET /api/v2/extra/app-package: the group's mobile app, or null until an admin uploads one. */
export async function getAppPackage(signal?: AbortSignal): Promise<Package | null> {
  return (await api.get<AppPackageInfo>('/v2/extra/app-package', undefined, signal)).package;
}

/** GET /api/v2/extra/browsers: browsers for old phones and computers. */
export async function getBrowserPackages(signal?: AbortSignal): Promise<Package[]> {
  return (await api.get<PackageList>('/v2/extra/browsers', undefined, signal)).data;
}

export interface PackageMeta {
  name?: string;
  version?: string;
  notes?: string;
}

function fileForm(file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append('file', file, fileName);
  return form;
}

/** POST /api/v2/admin/extra/app-package?name&version: replaces the app package. */
export function uploadAppPackage(file: Blob, fileName: string, meta: PackageMeta): Promise<Package> {
  return api.request<Package>('/v2/admin/extra/app-package', { method: 'POST', query: { ...meta }, body: fileForm(file, fileName) });
}

/** DELETE /api/v2/admin/extra/app-package */
export function removeAppPackage(): Promise<unknown> {
  return api.request('/v2/admin/extra/app-package', { method: 'DELETE' });
}

/** POST /api/v2/admin/extra/browsers?name&version&notes */
export function uploadBrowserPackage(file: Blob, fileName: string, meta: PackageMeta & { name: string }): Promise<Package> {
  return api.request<Package>('/v2/admin/extra/browsers', { method: 'POST', query: { ...meta }, body: fileForm(file, fileName) });
}

/** DELETE /api/v2/admin/extra/browsers/{id} */
export function removeBrowserPackage(id: number): Promise<unknown> {
  return api.request(`/v2/admin/extra/browsers/${id}`, { method: 'DELETE' });
}
