import { Dexie, type EntityTable } from 'dexie';
import type { ResourceTypeCode } from '@kit/contract';

/** A category as last read from the server (docs/PRODUCT.md#categories Category). */
export interface CachedCategory {
  id: number;
  name: string;
  priority: number;
  parentId: number | null;
  childrenCount: number;
  statusId: number;
  cachedAt: number;
}

/** A resource as last read from the server; `payload` keeps the API's answer as is. */
export interface CachedResource {
  id: number;
  categoryId: number | null;
  type: ResourceTypeCode;
  payload: unknown;
  cachedAt: number;
}

/** One page of search results: the ids in order, to be read from `resources`. */
export interface CachedSearchPage {
  /** the query string and page that produced it */
  key: string;
  resourceIds: number[];
  total: number;
  /** the page size the server used, to number the pages offline */
  perPage?: number;
  cachedAt: number;
}

/** Media saved for offline viewing ("Guardar para ver sin conexión"), evicted least recently used first. */
export interface SavedMedia {
  resourceId: number;
  url: string;
  /** the cover, saved with the media */
  coverUrl?: string | null;
  bytes: number;
  savedAt: number;
  lastUsedAt: number;
}

/**
 * An article of a library saved for offline reading ("Guardar para leer sin
 * conexión"), evicted with saved media. Its copy is in `articleCopies`, so
 * listing the saved articles does not read every page.
 */
export interface SavedArticle {
  /** articleKey(resourceId, path) */
  key: string;
  resourceId: number;
  /** the article's path in the library, as the reader's address names it */
  path: string;
  title: string;
  /** the library's (the resource's) title */
  libraryTitle: string;
  /** bytes of its copy */
  bytes: number;
  savedAt: number;
  lastUsedAt: number;
}

/** The kit's self-contained copy of a saved article (GET /api/v2/libraries/{id}/copy). */
export interface ArticleCopy {
  key: string;
  html: string;
}

/** What a queued write is, for the pages that show it as pending. */
export type OutboxKind = 'comment' | 'uncomment' | 'favorite' | 'unfavorite' | 'list' | 'profile';

/** A request of the outbox: `{id}` in a follow-up's path is the previous answer's id. */
export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/**
 * A write of the signed-in user, sent in order (by `id`) and, when the link
 * is down, replayed when it returns. `key` is the Idempotency-Key made when it
 * was queued and sent on every attempt, so a replay never happens twice.
 */
export interface OutboxEntry {
  id: number;
  userId: number;
  key: string;
  kind: OutboxKind;
  /** the resource the write is about (comments, favourites), to show it as pending on its page */
  resourceId: number | null;
  /** what the user did, in Spanish, for the message when it fails for good */
  label: string;
  requests: OutboxRequest[];
  createdAt: number;
  attempts: number;
  /** pending until sent; failed = refused by the kit (kept until the user dismisses it) */
  status: 'pending' | 'failed';
  lastError: string | null;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export const DB_NAME = 'kit-portal';

/** The browser's store of the portal. The only place that opens IndexedDB. */
export class PortalDb extends Dexie {
  declare categories: EntityTable<CachedCategory, 'id'>;
  declare resources: EntityTable<CachedResource, 'id'>;
  declare searchPages: EntityTable<CachedSearchPage, 'key'>;
  declare savedMedia: EntityTable<SavedMedia, 'resourceId'>;
  declare savedArticles: EntityTable<SavedArticle, 'key'>;
  declare articleCopies: EntityTable<ArticleCopy, 'key'>;
  declare outbox: EntityTable<OutboxEntry, 'id'>;
  declare meta: EntityTable<MetaEntry, 'key'>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores({
      categories: 'id, parentId',
      resources: 'id, categoryId, cachedAt',
      searchPages: 'key, cachedAt',
      savedMedia: 'resourceId, lastUsedAt',
      outbox: '++id, createdAt',
      meta: 'key',
    });
    // The outbox's entries gain their user, key and resource; older ones had none of them and are dropped.
    this.version(2)
      .stores({ outbox: '++id, userId, resourceId' })
      .upgrade((tx) => tx.table('outbox').clear());
    this.version(3).stores({ savedArticles: 'key, resourceId, lastUsedAt', articleCopies: 'key' });
  }
}

export const db = new PortalDb();
