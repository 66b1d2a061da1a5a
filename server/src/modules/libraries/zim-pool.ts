import { ConcurrencyLimiter } from '../../concurrency-limiter.ts';
import { ZimFile, type ZimOpenOptions } from '../../zim/zim-file.ts';

/** Open files kept: each holds a descriptor and up to its cluster cache (DEFAULT_CLUSTER_CACHE_BYTES in zim-file.ts). */
export const DEFAULT_POOL_SIZE = 4;
/**
 * Clusters decompressed at once across every open file: each holds its
 * compressed bytes (up to 2 MiB) and its output until done, so 20 phones
 * missing the cache at once would hold 20 of each. Three keep two cores
 * busy while each decode's chunks hop back to the main thread (20 phones on
 * the bench's file: 243 req/s with two, 262–311 with three, 215 with four,
 * which leaves the file reads no thread-pool worker), and leave a Pi 4's
 * pool of four one worker for the files; the others wait their turn,
 * holding nothing.
 */
export const DECOMPRESSIONS_AT_ONCE = 3;
/** Readers waiting for a decompression beyond this are told to retry (503 UNAVAILABLE), not queued without end. */
const DECOMPRESSIONS_WAITING = 256;

interface PoolEntry {
  opening: Promise<ZimFile>;
  /** requests reading from it now; an evicted file closes when the last one is done */
  users: number;
  evicted: boolean;
}

/** A file borrowed from the pool: give it back (release) once its bytes are sent. */
export interface ZimLease {
  zim: ZimFile;
  release: () => void;
}

/**
 * The open ZIM files, least recently used first out. Opening a file reads its
 * header and MIME list and starts an empty cluster cache, too slow for every
 * picture of an article; keeping every library open would grow the kit's
 * memory with each one. Keyed by the file's sha256: two resources with the
 * same bytes share one open file. A file in use when it is evicted or
 * forgotten stays open until its last reader is done.
 */
export class ZimPool {
  readonly #entries = new Map<string, PoolEntry>();
  readonly #maxOpen: number;
  readonly #openOptions: ZimOpenOptions;
  #closed = false;

  /** `openOptions`: how each file is opened; by default with one decompression limiter shared by them all. */
  constructor(maxOpen = DEFAULT_POOL_SIZE, openOptions: ZimOpenOptions = {}) {
    this.#maxOpen = maxOpen;
    this.#openOptions = { decompressions: new ConcurrencyLimiter(DECOMPRESSIONS_AT_ONCE, DECOMPRESSIONS_WAITING), ...openOptions };
  }

  /** Files in the pool now (never above the bound; evicted ones still being read are not counted). */
  get size(): number {
    return this.#entries.size;
  }

  has(sha256: string): boolean {
    return this.#entries.has(sha256);
  }

  /** The open file for these bytes, opened from `file` when the pool has none. */
  async acquire(sha256: string, file: string): Promise<ZimLease> {
    if (this.#closed) throw new Error('zim pool closed');
    let entry = this.#entries.get(sha256);
    if (entry) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.#entries.delete(sha256);
      this.#entries.set(sha256, entry);
    } else {
      entry = { opening: ZimFile.open(file, this.#openOptions), users: 0, evicted: false };
      this.#entries.set(sha256, entry);
      this.#evictOverBound();
    }
    entry.users++;
    const held = entry;
    let zim: ZimFile;
    try {
      zim = await held.opening;
    } catch (error) {
      held.users--;
      // A file that does not open is not kept: the next request tries again.
      if (this.#entries.get(sha256) === held) this.#entries.delete(sha256);
      throw error;
    }
    let released = false;
    return {
      zim,
      release: () => {
        if (released) return;
        released = true;
        held.users--;
        this.#closeIfDone(held);
      },
    };
  }

  /** Closes the file for these bytes (deleted, or replaced by another file) once nobody reads it. */
  forget(sha256: string): void {
    const entry = this.#entries.get(sha256);
    if (!entry) return;
    this.#entries.delete(sha256);
    entry.evicted = true;
    this.#closeIfDone(entry);
  }

  /** At server close: every file closed, none opened again. */
  async close(): Promise<void> {
    this.#closed = true;
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    await Promise.all(entries.map(async (entry) => (await entry.opening.catch(() => undefined))?.close()));
  }

  #evictOverBound(): void {
    for (const [sha256] of this.#entries) {
      if (this.#entries.size <= this.#maxOpen) break;
      this.forget(sha256);
    }
  }

  #closeIfDone(entry: PoolEntry): void {
    if (!entry.evicted || entry.users > 0) return;
    void entry.opening.then((zim) => zim.close()).catch(() => undefined);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the open ZIM files the reader serves from (zim.routes.ts) */
    zimPool: ZimPool;
  }
}
