import { liveQuery } from 'dexie';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../api/client.ts';
import { getSessionToken } from '../api/session-token.ts';
import { articleKey } from './article-key.ts';
import { db, type SavedArticle } from './db.ts';
import { articleSpot, deleteArticle, makeRoom, SaveError, type SaveResult } from './saved-media.ts';

/*
 * "Guardar para leer sin conexión" (docs/PRODUCT.md#offline): one article of a
 * library, as the kit's self-contained copy (its pictures and styles inside,
 * no scripts), kept in IndexedDB beside saved media and evicted with it. The
 * reader shows it when the kit cannot be reached.
 */

export { deleteArticle, SaveError };

/** The article to save: where it is, and the library's title to list it under. */
export interface ArticleToSave {
  resourceId: number;
  path: string;
  libraryTitle: string;
}

/** The kit's self-contained copy of an article (docs/API-contributions.md#bibliotecas-zim). */
export const articleCopyUrl = (resourceId: number, path: string): string => `/api/v2/libraries/${resourceId}/copy?path=${encodeURIComponent(path)}`;

async function fetchCopy(resourceId: number, path: string): Promise<string> {
  const headers = new Headers({ [CSRF_HEADER]: CSRF_HEADER_VALUE });
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(articleCopyUrl(resourceId, path), { headers, credentials: 'same-origin' }).catch(() => null);
  if (!response) throw new SaveError('network');
  if (!response.ok) {
    const code = await response.json().then((body: { error?: { code?: string } }) => body.error?.code, () => undefined);
    throw new SaveError(code === 'ZIM_COPY_TOO_LARGE' ? 'tooLarge' : 'network');
  }
  return response.text();
}

/** The copy's own title (its <title>), else the path's last part. */
function titleOf(html: string, path: string): string {
  const title = new DOMParser().parseFromString(html, 'text/html').title.trim();
  return title || decodeURIComponent(path.split('/').pop() ?? '') || path;
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/** Saves an article's copy on the phone, making room as saved media does; the titles of what was deleted for room come back. */
export async function saveArticle(article: ArticleToSave, now = Date.now()): Promise<SaveResult> {
  const html = await fetchCopy(article.resourceId, article.path);
  const key = articleKey(article.resourceId, article.path);
  const bytes = new Blob([html]).size;
  const evicted = await makeRoom(bytes, articleSpot(key));
  const saved: SavedArticle = { key, ...article, title: titleOf(html, article.path), bytes, savedAt: now, lastUsedAt: now };
  try {
    await db.transaction('rw', db.savedArticles, db.articleCopies, async () => {
      await db.savedArticles.put(saved);
      await db.articleCopies.put({ key, html });
    });
  } catch (error) {
    throw new SaveError(isQuotaError(error) ? 'noSpace' : 'network');
  }
  return { evicted };
}

/** A saved article with its copy; null when this phone did not save it. */
export async function readSavedArticle(resourceId: number, path: string): Promise<(SavedArticle & { html: string }) | null> {
  const key = articleKey(resourceId, path);
  const [saved, copy] = await Promise.all([db.savedArticles.get(key), db.articleCopies.get(key)]);
  return saved && copy ? { ...saved, html: copy.html } : null;
}

/** Marks a saved article as just read, so it is evicted last. */
export async function touchArticle(key: string, now = Date.now()): Promise<void> {
  await db.savedArticles.update(key, { lastUsedAt: now });
}

/** Every saved article, most recently used first (without their copies). */
export function listSavedArticles(): Promise<SavedArticle[]> {
  return db.savedArticles.orderBy('lastUsedAt').reverse().toArray();
}

/** Calls `onChange` with whether this phone saved the article, now and after every change; returns the function that stops it. */
export function watchSavedArticle(resourceId: number, path: string, onChange: (saved: SavedArticle | undefined) => void): () => void {
  const subscription = liveQuery(() => db.savedArticles.get(articleKey(resourceId, path))).subscribe({ next: onChange, error: () => onChange(undefined) });
  return () => subscription.unsubscribe();
}
