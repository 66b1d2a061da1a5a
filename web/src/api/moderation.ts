import type { AdminList, ManagedPage, ManagedResource, Report } from '@kit/contract';
import { api } from './api.ts';

/* The admin resource pages' calls (docs/API-contributions.md "Moderation"). */

export interface AdminResourcesQuery {
  q?: string;
  type?: number;
  page?: number;
}

export const getAdminResources = (list: AdminList, query: AdminResourcesQuery, signal?: AbortSignal) =>
  api.get<ManagedPage>(`/v2/admin/resources/${list}`, { q: query.q || undefined, type: query.type || undefined, page: query.page }, signal);

const post = <T>(path: string, body?: unknown) => api.request<T>(path, { method: 'POST', ...(body === undefined ? {} : { body }) });

export const approveResource = (id: number) => post<ManagedResource>(`/v2/admin/resources/${id}/approve`);
export const rejectResource = (id: number, reason: string) => post<ManagedResource>(`/v2/admin/resources/${id}/reject`, { reason });
export const blockResource = (id: number, reason?: string) => post<ManagedResource>(`/v2/admin/resources/${id}/block`, reason ? { reason } : {});
export const unblockResource = (id: number) => post<ManagedResource>(`/v2/admin/resources/${id}/unblock`);
export const keepResource = (id: number) => post<ManagedResource>(`/v2/admin/resources/${id}/keep`);
export const dismissReport = (id: number) => post<Report>(`/v2/admin/reports/${id}/dismiss`);
/** A failed phone-copy job, queued again. */
export const retryRenditions = (id: number) => post<ManagedResource>(`/v2/admin/resources/${id}/renditions/retry`);
/** An admin's own draft: published at once ("admins publish what they upload"). */
export const submitResource = (id: number) => post<ManagedResource>(`/v2/resources/${id}/submit`);
export const deleteResource = (id: number) => api.request<{ ok: true }>(`/v2/resources/${id}`, { method: 'DELETE' });
