/**
 * The public address of a stored file: content-addressed, so it never changes
 * meaning and is cached for good (served by media.routes.ts with ranges).
 */
export function mediaUrl(sha256: string, ext: string): string {
  return `/api/media/${sha256}.${ext}`;
}

/** The address of a resource's file; with download it is an attachment with a Spanish name and counts a download. */
export function resourceMediaUrl(resourceId: number, download: boolean): string {
  return `/api/v2/resource/${resourceId}/media${download ? '?download=1' : ''}`;
}
