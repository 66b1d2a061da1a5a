import type { ResourceDetail, ResourcePage, ResourceSummary } from '@kit/contract';
import { db, type CachedResource } from './db.ts';
import { matchesWords, queryWords } from './fold.ts';

/*
 * The public catalogue kept in IndexedDB (docs/PRODUCT.md#offline): every list page and
 * resource the phone read is stored, and the loaders read it back when the
 * network fails. Loaders import this module lazily, so /menu does not
 * download Dexie before it needs it.
 */

/** How many saved resources an offline search shows at most. */
export const OFFLINE_SEARCH_LIMIT = 60;

function toCached(resource: ResourceSummary | ResourceDetail, previous: CachedResource | undefined, now: number): CachedResource {
  // A list's summary must not erase the details read on the resource page.
  const payload = previous ? { ...(previous.payload as object), ...resource } : resource;
  return { id: resource.id, categoryId: resource.content_type_id, type: resource.type as CachedResource['type'], payload, cachedAt: now };
}

async function rememberResources(resources: readonly (ResourceSummary | ResourceDetail)[], now: number): Promise<void> {
  const previous = await db.resources.bulkGet(resources.map((r) => r.id));
  await db.resources.bulkPut(resources.map((r, i) => toCached(r, previous[i], now)));
}

/** Stores a page of resources as read from the server, under `key` (the request that produced it). */
export async function rememberPage(key: string, page: Pick<ResourcePage, 'data' | 'total'> & { per_page?: number }, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.resources, db.searchPages, async () => {
    await rememberResources(page.data, now);
    await db.searchPages.put({ key, resourceIds: page.data.map((r) => r.id), total: page.total, perPage: page.per_page, cachedAt: now });
  });
}

/** A page stored by rememberPage, rebuilt as the server sent it; null when it was never read. */
export async function readPage(key: string, currentPage = 1): Promise<ResourcePage | null> {
  const stored = await db.searchPages.get(key);
  if (!stored) return null;
  const found = await db.resources.bulkGet(stored.resourceIds);
  const data = found.filter((r): r is CachedResource => r !== undefined).map((r) => r.payload as ResourceSummary);
  const perPage = stored.perPage ?? Math.max(1, data.length);
  const from = data.length === 0 ? null : (currentPage - 1) * perPage + 1;
  return {
    data,
    total: stored.total,
    per_page: perPage,
    current_page: currentPage,
    last_page: Math.max(1, Math.ceil(stored.total / perPage)),
    from,
    to: from === null ? null : from + data.length - 1,
  };
}

export async function rememberResource(resource: ResourceDetail, now = Date.now()): Promise<void> {
  await rememberResources([resource], now);
}

/** The resource page's data as last read; null unless the page itself was read (a list's summary is not enough). */
export async function readResource(id: number): Promise<ResourceDetail | null> {
  const stored = await db.resources.get(id);
  const payload = stored?.payload as ResourceDetail | undefined;
  return payload && typeof payload.description === 'string' ? payload : null;
}

/** What the server's search reads, as far as the phone knows it: a resource page read earlier brings the category path. */
function searchableText(resource: ResourceSummary & Partial<ResourceDetail>): string {
  const categories = resource.categoryPath?.map((c) => c.name) ?? [resource.content_type?.name ?? ''];
  return [resource.title, resource.author, resource.excerpt, resource.description ?? '', ...categories].join(' ');
}

/** Search over what the phone has stored, accent-insensitive like the server; newest first; of one type when `type` is given. */
export async function searchCatalogue(query: string, type?: number): Promise<ResourceSummary[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const all = await db.resources.orderBy('cachedAt').reverse().toArray();
  return all
    .map((r) => r.payload as ResourceSummary)
    .filter((r) => (type === undefined || r.type === type) && matchesWords(searchableText(r), words))
    .slice(0, OFFLINE_SEARCH_LIMIT);
}

/** A small value kept for offline use (the menu's config and services). */
export async function rememberValue(key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

export async function readValue<T>(key: string): Promise<T | null> {
  return ((await db.meta.get(key))?.value as T | undefined) ?? null;
}

/** Writes in the background: a failure to store must never break the page that read the data. */
export function inBackground(write: Promise<unknown>): void {
  write.catch(() => undefined);
}
