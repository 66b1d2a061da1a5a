import type { CreatedEnrolmentToken, CreateEnrolmentToken, EnrolmentToken, ImportArrival, ImportReportBody, SyncJob, SyncSettings, SyncStatus, TrustedKey, UpdateSyncSettings } from '@kit/contract';
import { api } from '../../api/api.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE, NETWORK_ERROR, ApiError, toApiError } from '../../api/client.ts';
import { es } from '../../i18n/es.ts';
import { getSessionToken } from '../../api/session-token.ts';

/* Content packs and sync (docs/SYNC.md, /admin/sync). */

export const getSyncStatus = (signal?: AbortSignal) => api.get<SyncStatus>('/v2/admin/sync/status', undefined, signal);

export const startExport = (categoryIds: number[] | null, drive: string | null) =>
  api.request<{ job: SyncJob }>('/v2/admin/sync/export', { method: 'POST', body: { categoryIds, ...(drive ? { drive } : {}) } }).then((r) => r.job);

/** A certificate-only pack (docs/HTTPS.md): a hub's certificates for its kits, or a kit's enrolment and request for its hub, for USB. */
export const exportCertificates = (drive: string | null) =>
  api.request<{ job: SyncJob }>('/v2/admin/sync/export', { method: 'POST', body: { certificatesOnly: true, ...(drive ? { drive } : {}) } }).then((r) => r.job);

export const importFromUsb = (drive: string, name: string, arrival: ImportArrival, acceptUntrusted: boolean) =>
  api.request<{ job: SyncJob }>('/v2/admin/sync/import-usb', { method: 'POST', body: { drive, name, arrival, acceptUntrusted } }).then((r) => r.job);

/** A ZIM on a drive becomes a «Biblioteca» resource (docs/SYNC.md "USB drives"). */
export const importLibraryFromUsb = (drive: string, name: string, arrival: ImportArrival) =>
  api.request<{ job: SyncJob }>('/v2/admin/sync/import-usb-library', { method: 'POST', body: { drive, name, arrival } }).then((r) => r.job);

export const syncNow = (arrival: ImportArrival) => api.request<{ job: SyncJob }>('/v2/admin/sync/now', { method: 'POST', body: { arrival } }).then((r) => r.job);
/** The hub's addresses and interval (an empty address is none); the schedule follows at once. */
export const saveSyncSettings = (settings: UpdateSyncSettings) => api.request<SyncSettings>('/v2/admin/sync/settings', { method: 'PUT', body: settings });
export const publishFeed = () => api.request<{ job: SyncJob }>('/v2/admin/sync/publish', { method: 'POST' }).then((r) => r.job);

export const addTrustedKey = (publicKey: string, label: string) => api.request<TrustedKey>('/v2/admin/sync/keys', { method: 'POST', body: { publicKey, label } });
export const removeTrustedKey = (keyId: string) => api.request(`/v2/admin/sync/keys/${keyId}`, { method: 'DELETE' });

/** Enrolment tokens of this kit as a hub (docs/SYNC.md, "Enrolment tokens"): the text comes only in the answer to its creation. */
export const listEnrolmentTokens = (signal?: AbortSignal) => api.get<{ tokens: EnrolmentToken[] }>('/v2/admin/sync/enrolment-tokens', undefined, signal).then((r) => r.tokens);
export const createEnrolmentToken = (body: CreateEnrolmentToken) => api.request<CreatedEnrolmentToken>('/v2/admin/sync/enrolment-tokens', { method: 'POST', body });
export const revokeEnrolmentToken = (id: number) => api.request(`/v2/admin/sync/enrolment-tokens/${id}`, { method: 'DELETE' });

export const startBackup = (drive: string | null) => api.request<{ job: SyncJob }>('/v2/admin/data/backup', { method: 'POST', body: drive ? { drive } : {} }).then((r) => r.job);
export const restoreFromUsb = (drive: string, name: string) =>
  api.request<{ message: string; backupCreatedAt: string }>('/v2/admin/data/restore-usb', { method: 'POST', body: { drive, name } });
export const backupDownloadUrl = (backupId: string) => `/api/v2/admin/data/backups/${backupId}`;
export const restoreBackup = (file: File, onProgress: (sent: number, total: number) => void) =>
  sendFile<{ message: string; backupCreatedAt: string }>('/api/v2/admin/data/restore', file, onProgress);

export const exportDownloadUrl = (packId: string) => `/api/v2/admin/sync/exports/${packId}`;

/** Imports a pack: the server verifies and imports while the bytes arrive. */
export const uploadPack = (file: File, arrival: ImportArrival, acceptUntrusted: boolean, onProgress: (sent: number, total: number) => void) =>
  sendFile<ImportReportBody>(`/api/v2/admin/sync/import?arrival=${arrival}&acceptUntrusted=${acceptUntrusted}`, file, onProgress);

/** Sends a file as raw bytes; XMLHttpRequest because fetch cannot report upload progress. */
function sendFile<T>(url: string, file: File, onProgress: (sent: number, total: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    const token = getSessionToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onerror = () => reject(new ApiError({ httpCode: 0, type: 'network', code: NETWORK_ERROR, message: es.errors.network, data: null }));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: toApiError gives the generic message
      }
      if (xhr.status === 200) resolve(body as T);
      else reject(toApiError(xhr.status, body));
    };
    xhr.send(file);
  });
}
