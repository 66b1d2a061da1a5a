import type { AdminSettings, Category, CategoryWriteResponse, Dashboard, Storage, TemporaryCredentials, UpdateCategory, UpdateSettings, User, UserPage } from '@kit/contract';
import { api } from './api.ts';
import { ApiError } from './client.ts';
import { getSessionToken } from './session-token.ts';

/* The admin panel's calls (docs/API-admin.md). */

export const getDashboard = (signal?: AbortSignal) => api.get<Dashboard>('/v3/dashboard', undefined, signal);

export const getCategoryChildren = (parentId: number | null, signal?: AbortSignal) =>
  api
    .get<{ data: Category[] }>(`/v2/categories/${parentId ?? 'root'}/children`, { fields: 'id,name,priority,parentId,childrenCount,statusId' }, signal)
    .then((r) => r.data);
export const createCategory = (name: string, parentId: number | null) =>
  api.request<CategoryWriteResponse>('/content/type/create', { method: 'POST', body: { name, content_type_father_id: parentId } });
export const updateCategory = (id: number, body: UpdateCategory) =>
  api.request<CategoryWriteResponse>(`/content/type/${id}/update`, { method: 'PUT', body });
export const deleteCategory = (id: number) => api.request<{ ok: true }>(`/content/type/${id}/delete`, { method: 'DELETE' });

export const getUsers = (page: number, q: string, signal?: AbortSignal) =>
  api.get<UserPage>('/v2/admin/users', { page, per_page: 20, q: q.trim() || undefined }, signal);
export const deleteUser = (id: number) => api.request(`/v2/admin/users/${id}`, { method: 'DELETE' });
export const setBlocked = (id: number, blocked: boolean) => api.request<User>(`/v2/admin/users/${id}/block`, { method: blocked ? 'PUT' : 'DELETE' });
export const setAdmin = (id: number, admin: boolean) => api.request<User>(`/v2/admin/users/${id}/admin`, { method: admin ? 'PUT' : 'DELETE' });
export const issueTemporaryCredentials = (id: number) => api.request<TemporaryCredentials>(`/v2/admin/users/${id}/temporary-credentials`, { method: 'POST' });

export const getAdminSettings = (signal?: AbortSignal) => api.get<AdminSettings>('/v2/admin/settings', undefined, signal);
export const saveAdminSettings = (body: UpdateSettings) => api.request<AdminSettings>('/v2/admin/settings', { method: 'PUT', body });
export const getStorage = (signal?: AbortSignal) => api.get<Storage>('/v2/admin/storage', undefined, signal);

/** Fetches a CSV (cookie session) and hands it to the browser as a download. */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const token = getSessionToken();
  const headers: Record<string, string> = { Accept: 'text/csv' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api${path}`, { credentials: 'same-origin', headers });
  if (!response.ok) throw new ApiError({ httpCode: response.status, type: 'server', code: 'DOWNLOAD_FAILED', message: '', data: null });
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
