/** Addresses of the offline libraries' reader (docs/ROUTES.md) and of the articles it frames (docs/API-contributions.md#bibliotecas-zim). */

/** A content path as a URL path: each segment percent-encoded, the slashes kept so an article's relative links resolve. */
export const encodeArticlePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** The reader page at an article ('' is the library's main page). */
export const readerUrl = (resourceId: number, articlePath = ''): string => `/resource/${resourceId}/read/${encodeArticlePath(articlePath)}`;

/** The article's bytes the frame loads; the path is given as the browser sent it (already encoded). */
export const articleFrameUrl = (resourceId: number, encodedPath: string): string => `/zim/${resourceId}/${encodedPath}`;

/** The part of a reader address after /resource/{id}/read/, as sent: percent-encoded, passed on to the frame unchanged. */
export function encodedArticlePathOf(pathname: string): string {
  const match = /^\/resource\/\d+\/read\/(.*)$/.exec(pathname);
  return match?.[1] ?? '';
}

/** What the frame script (served by the kit at /zim-frame.js) posts when an article is shown. */
export interface FrameArticle {
  path: string;
  title: string;
}

/** The frame's message, if it is one; anything else posted is ignored. */
export function frameArticleOf(data: unknown): FrameArticle | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, path, title } = data as Record<string, unknown>;
  if (type !== 'zim-article' || typeof path !== 'string' || typeof title !== 'string') return null;
  return { path, title };
}

/** The address an outside link's notice shows, when it is a web address one may open; null otherwise. */
export function outsideAddress(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
