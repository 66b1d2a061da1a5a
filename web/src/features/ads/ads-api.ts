import type { Ad, AdPage, CreateAd, ModerateAd, QueryAdminAds, QueryAds } from '@kit/contract';
import { api } from '../../api/api.ts';

/* The ads board (docs/API-portal.md): community notices, their pictures and moderation. */

/** GET /api/v2/ads: published notices that have not expired, searched and by category. */
export function getAds(query: QueryAds, signal?: AbortSignal): Promise<AdPage> {
  return api.get<AdPage>('/v2/ads', { ...query }, signal);
}

/** GET /api/v2/ads/mine: the caller's notices in every state. */
export function getMyAds(page: number, signal?: AbortSignal): Promise<AdPage> {
  return api.get<AdPage>('/v2/ads/mine', { page }, signal);
}

/** POST /api/v2/ads: pending until an admin publishes it (an admin's is published at once). */
export function postAd(body: CreateAd): Promise<Ad> {
  return api.request<Ad>('/v2/ads', { method: 'POST', body });
}

/** POST /api/v2/ads/{id}/image, multipart field `file`. */
export function uploadAdImage(id: number, file: Blob, fileName: string): Promise<Ad> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.request<Ad>(`/v2/ads/${id}/image`, { method: 'POST', body: form });
}

/** DELETE /api/v2/ads/{id}: the author or an admin withdraws it. */
export function withdrawAd(id: number): Promise<unknown> {
  return api.request(`/v2/ads/${id}`, { method: 'DELETE' });
}

/** GET /api/v2/admin/ads: the moderation lists. */
export function getAdsForModeration(query: QueryAdminAds, signal?: AbortSignal): Promise<AdPage> {
  return api.get<AdPage>('/v2/admin/ads', { ...query }, signal);
}

/** PUT /api/v2/admin/ads/{id}/status */
export function moderateAd(id: number, body: ModerateAd): Promise<Ad> {
  return api.request<Ad>(`/v2/admin/ads/${id}/status`, { method: 'PUT', body });
}
