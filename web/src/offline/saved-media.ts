import type { ResourceDetail } from '@kit/contract';
import { posterOf } from '../api/phone-copy.ts';
import { SAVED_MEDIA_CACHE } from '../sw/cache-names.ts';
import { rememberResource } from './catalogue.ts';
import { db, type SavedMedia } from './db.ts';
import { planEviction, type Evictable } from './lru.ts';
import { savedFileOf, type SaveChoice } from './saved-file.ts';

/*
 * "Guardar para ver sin conexión" (docs/PRODUCT.md#secure-context): a resource's media and cover go
 * to Cache Storage, where the service worker answers them (with ranges, so
 * players seek) once the network is gone; the resource itself goes to Dexie so
 * its page opens offline. Only with a service worker (offline-mode.ts). The
 * media saved is the kit's light copy when it made one (a phone's storage and
 * the Wi-Fi are both scarce), the original only when the person asks for it.
 */

/** tooLarge: the kit refuses to copy an article that big (ZIM_COPY_TOO_LARGE). */
export type SaveFailure = 'noSpace' | 'network' | 'tooLarge';

export class SaveError extends Error {
  readonly reason: SaveFailure;

  constructor(reason: SaveFailure) {
    super(reason);
    this.name = 'SaveError';
    this.reason = reason;
  }
}

export interface SaveResult {
  /** titles of the saved items deleted to make room */
  evicted: string[];
}

export type Progress = (loaded: number, total: number | null) => void;

/** A saved item as "Mis descargas" lists it. */
export interface SavedItem extends SavedMedia {
  title: string;
  type: number;
}

/** The files a resource saves: the chosen media and the picture its page shows over it (cover or poster). */
export function savableUrls(resource: ResourceDetail, choice: SaveChoice = 'light'): string[] {
  return [savedFileOf(resource, choice)?.url, posterOf(resource)].filter((url): url is string => typeof url === 'string' && url !== '');
}

async function freeBytes(): Promise<number> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return Number.POSITIVE_INFINITY;
  return estimate.quota - (estimate.usage ?? 0);
}

/** Streams one file into the cache, counting the bytes as they arrive. */
async function store(cache: Cache, url: string, onBytes: (n: number) => void): Promise<number> {
  const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok || !response.body) throw new SaveError('network');
  let bytes = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      onBytes(chunk.byteLength);
      controller.enqueue(chunk);
    },
  });
  const headers = new Headers({ 'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream' });
  await cache.put(url, new Response(response.body.pipeThrough(counter), { status: 200, headers }));
  return bytes;
}

async function titleOf(resourceId: number): Promise<string> {
  const stored = await db.resources.get(resourceId);
  return (stored?.payload as { title?: string } | undefined)?.title ?? '';
}

/** Where eviction finds a saved resource's media, and a saved article, among everything saved. */
const mediaSpot = (resourceId: number): string => `media ${resourceId}`;
export const articleSpot = (key: string): string => `article ${key}`;

/** Deletes a saved article and its copy. */
export async function deleteArticle(key: string): Promise<void> {
  await db.transaction('rw', db.savedArticles, db.articleCopies, async () => {
    await db.savedArticles.delete(key);
    await db.articleCopies.delete(key);
  });
}

/**
 * Makes room for `needed` bytes: when the free space is short, deletes the
 * least recently used saved things, media and articles alike, never `keep`
 * (the one being saved). Returns the titles deleted (the page says so);
 * SaveError('noSpace') when even that is not enough. Asks the browser to keep
 * the data.
 */
export async function makeRoom(needed: number, keep: string): Promise<string[]> {
  const [media, articles] = await Promise.all([db.savedMedia.toArray(), db.savedArticles.toArray()]);
  const removable: Array<Evictable & { remove: () => Promise<string> }> = [
    ...media.map((m) => ({
      key: mediaSpot(m.resourceId),
      bytes: m.bytes,
      lastUsedAt: m.lastUsedAt,
      remove: async () => {
        const title = await titleOf(m.resourceId);
        await deleteSaved(m.resourceId);
        return title;
      },
    })),
    ...articles.map((a) => ({ key: articleSpot(a.key), bytes: a.bytes, lastUsedAt: a.lastUsedAt, remove: () => deleteArticle(a.key).then(() => a.title) })),
  ];
  const plan = planEviction(removable, needed, await freeBytes(), keep);
  if (!plan.fits) throw new SaveError('noSpace');
  const evicted: string[] = [];
  for (const key of plan.evict) {
    const item = removable.find((r) => r.key === key);
    if (item) evicted.push(await item.remove());
  }
  // Without this the browser may clear saved items under storage pressure.
  await navigator.storage?.persist?.().catch(() => false);
  return evicted;
}

/** Deletes a saved item: its files and its entry (the resource stays in the catalogue). */
export async function deleteSaved(resourceId: number): Promise<void> {
  const saved = await db.savedMedia.get(resourceId);
  if (!saved) return;
  const cache = await caches.open(SAVED_MEDIA_CACHE);
  await Promise.all([saved.url, saved.coverUrl].filter((url): url is string => !!url).map((url) => cache.delete(url)));
  await db.savedMedia.delete(resourceId);
}

/**
 * Saves a resource for offline use. Checks the free space first and deletes
 * the least recently used saved items when it is short (their titles are
 * returned so the page can say so); asks the browser to keep the data.
 */
export async function saveForOffline(resource: ResourceDetail, onProgress: Progress, now = Date.now(), choice: SaveChoice = 'light'): Promise<SaveResult> {
  const file = savedFileOf(resource, choice);
  const urls = savableUrls(resource, choice);
  if (!file) throw new SaveError('network');
  // The other file of the same resource, saved before, makes room for this one.
  if ((await db.savedMedia.get(resource.id))?.url !== file.url) await deleteSaved(resource.id);
  const evicted = await makeRoom(file.bytes ?? 0, mediaSpot(resource.id));

  const cache = await caches.open(SAVED_MEDIA_CACHE);
  let loaded = 0;
  let bytes = 0;
  try {
    for (const url of urls) {
      bytes += await store(cache, url, (n) => {
        loaded += n;
        onProgress(loaded, file.bytes);
      });
    }
  } catch (error) {
    await Promise.all(urls.map((url) => cache.delete(url)));
    throw error instanceof SaveError ? error : new SaveError(isQuotaError(error) ? 'noSpace' : 'network');
  }
  await rememberResource(resource, now);
  await db.savedMedia.put({ resourceId: resource.id, url: file.url, coverUrl: posterOf(resource), bytes, savedAt: now, lastUsedAt: now });
  return { evicted };
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/** Marks a saved item as just used, so it is evicted last. */
export async function touchSaved(resourceId: number, now = Date.now()): Promise<void> {
  await db.savedMedia.update(resourceId, { lastUsedAt: now });
}

/** Every saved item with its title, most recently used first. */
export async function listSaved(): Promise<SavedItem[]> {
  const saved = await db.savedMedia.orderBy('lastUsedAt').reverse().toArray();
  const resources = await db.resources.bulkGet(saved.map((s) => s.resourceId));
  return saved.map((s, i) => {
    const payload = resources[i]?.payload as { title?: string; type?: number } | undefined;
    return { ...s, title: payload?.title ?? '', type: payload?.type ?? 0 };
  });
}
