/**
 * The public address of a stored file: content-addressed, so it never changes
 * meaning and is cached for good (served by modules/media/media.routes.ts with ranges).
 */
export function mediaUrl(sha256: string, ext: string): string {
  return `/api/media/${sha256}.${ext}`;
}

/** The address of a resource's file; with download it is an attachment with a Spanish name and counts a download. */
export function resourceMediaUrl(resourceId: number, download: boolean): string {
  return `/api/v2/resource/${resourceId}/media${download ? '?download=1' : ''}`;
}

/** Where a user's picture is served; `v` changes with the picture so it can be cached for good. */
export const userImageUrl = (userId: number, sha256: string): string => `/api/v2/users/${userId}/image?v=${sha256.slice(0, 16)}`;
