import { Dexie, type EntityTable } from 'dexie';
import type { ResourceTypeCode } from '@kit/contract';

/** A category as last read from the server (SPEC §3 Category). */
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

/** A change made offline, replayed in order when the link returns. */
export interface OutboxEntry {
  id: number;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  createdAt: number;
  attempts: number;
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
  }
}

export const db = new PortalDb();
