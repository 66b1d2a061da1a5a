import type { CommentPage, PlaylistCardList, ResourcePage } from '@kit/contract';
import { api } from './api.ts';

/*
 * Reads of comments, favourites and lists (docs/API-contributions.md). Their
 * writes go through the outbox (offline/outbox-runtime.ts), which adds the
 * Idempotency-Key; the paths they use are built here so they are written once.
 */

/** GET /api/comments/{resourceId}: newest first, paged. */
export function getComments(resourceId: number, page: number, signal?: AbortSignal): Promise<CommentPage> {
  return api.get<CommentPage>(`/comments/${resourceId}`, { page }, signal);
}

/** GET /api/v2/user/{id}/resources/favorites: most recently added first. */
export function getFavorites(userId: number, page: number, signal?: AbortSignal): Promise<ResourcePage> {
  return api.get<ResourcePage>(`/v2/user/${userId}/resources/favorites`, { page }, signal);
}

/** GET /api/v2/user/{id}/playlists (with ?resource=: whether each list holds it). */
export async function getUserPlaylists(userId: number, resourceId?: number, signal?: AbortSignal): Promise<PlaylistCardList['data']> {
  return (await api.get<PlaylistCardList>(`/v2/user/${userId}/playlists`, { resource: resourceId }, signal)).data;
}

/** POST /api/v2/resources/{id}/report: online only (a report is not queued). */
export function reportResource(resourceId: number, reason: string): Promise<unknown> {
  return api.request(`/v2/resources/${resourceId}/report`, { method: 'POST', body: { reason } });
}

export const socialPaths = {
  createComment: '/comment/create',
  deleteComment: (id: number) => `/comment/delete/${id}`,
  favorite: (resourceId: number) => `/v2/resources/${resourceId}/favorite`,
  playlists: '/v2/playlists',
  playlist: (id: number | '{id}') => `/v2/playlists/${id}`,
  playlistItems: (id: number | '{id}') => `/v2/playlists/${id}/items`,
  playlistItem: (id: number, resourceId: number) => `/playlist/${id}/${resourceId}`,
} as const;
