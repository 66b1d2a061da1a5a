import type { Cover, CreateResource, CreateUpload, ManagedPage, ManagedResource, Upload, UploadConfig, UploadQuota, UpdateResource } from '@kit/contract';
import { api } from '../../api/api.ts';

/*
 * Contributions, upload side (docs/API-contributions.md): the form's
 * settings, drafts, the resumable upload's start, covers and submitting. The
 * upload's bytes go through features/upload/xhr-transport.ts (it needs XHR's
 * upload progress, which fetch does not give).
 */

/** GET /api/v2/uploads/config: limits, licences, chunk size and whether submitting needs approval. */
export function getUploadConfig(signal?: AbortSignal): Promise<UploadConfig> {
  return api.get<UploadConfig>('/v2/uploads/config', undefined, signal);
}

/** GET /api/v2/uploads/quota: how much of their storage on the kit the caller uses (quotaBytes null: no limit). */
export function getUploadQuota(signal?: AbortSignal): Promise<UploadQuota> {
  return api.get<UploadQuota>('/v2/uploads/quota', undefined, signal);
}

/** POST /api/v2/resources: a new draft. */
export function createDraft(body: CreateResource): Promise<ManagedResource> {
  return api.request<ManagedResource>('/v2/resources', { method: 'POST', body });
}

/** PATCH /api/v2/resources/{id}: change any of the draft's fields. */
export function updateDraft(id: number, body: UpdateResource): Promise<ManagedResource> {
  return api.request<ManagedResource>(`/v2/resources/${id}`, { method: 'PATCH', body });
}

/** GET /api/v2/resources/{id}: the resource as its owner (or an admin) manages it. */
export function getManaged(id: number, signal?: AbortSignal): Promise<ManagedResource> {
  return api.get<ManagedResource>(`/v2/resources/${id}`, undefined, signal);
}

/** GET /api/v2/resources/mine?status=…: the caller's resources in those states. */
export function getMine(status: string, page: number, signal?: AbortSignal): Promise<ManagedPage> {
  return api.get<ManagedPage>('/v2/resources/mine', { status, page }, signal);
}

/** GET /api/v2/admin/resources/upload: the calling admin's own resources. */
export function getAdminUploads(page: number, signal?: AbortSignal): Promise<ManagedPage> {
  return api.get<ManagedPage>('/v2/admin/resources/upload', { page }, signal);
}

/** DELETE /api/v2/resources/{id}: a draft (or rejected resource) and its file. */
export function deleteDraft(id: number): Promise<unknown> {
  return api.request(`/v2/resources/${id}`, { method: 'DELETE' });
}

/** POST /api/v2/resources/{id}/submit: to approval, or published (no moderation, or an admin). */
export function submitDraft(id: number): Promise<ManagedResource> {
  return api.request<ManagedResource>(`/v2/resources/${id}/submit`, { method: 'POST' });
}

/** GET /api/uploads/{id}: an unfinished upload, with the offset the kit has. */
export function getUpload(id: string, signal?: AbortSignal): Promise<Upload> {
  return api.get<Upload>(`/uploads/${id}`, undefined, signal);
}

/** POST /api/uploads: starts the file's upload, or finds the unfinished one of the same file (200). */
export function startUpload(body: CreateUpload): Promise<Upload> {
  return api.request<Upload>('/uploads', { method: 'POST', body });
}

/** POST /api/v2/resources/{id}/cover, multipart field `file`. */
export function uploadCover(id: number, image: Blob, fileName: string): Promise<Cover> {
  const form = new FormData();
  form.append('file', image, fileName);
  return api.request<Cover>(`/v2/resources/${id}/cover`, { method: 'POST', body: form });
}
