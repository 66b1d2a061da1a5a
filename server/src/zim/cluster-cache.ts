import { ByteLru } from './byte-lru.ts';
import type { DecodedBytes } from './zstd-wasm.ts';

/**
 * The decompressed clusters of one open file, least recently used first out,
 * bounded by bytes (not by count: a cluster may be a few KiB or many MiB). A
 * cluster larger than the whole bound is handed out but never kept, so the
 * bound holds whatever the file holds. A cluster that leaves is released:
 * its memory goes back to the decoder once the readers using it are done
 * (a reader holds it from the moment it asks, so no other reader's load
 * can free it under it).
 */
/** A cluster being loaded, and how many readers wait for it. */
interface Loading {
  readers: number;
  loaded: Promise<DecodedBytes>;
}

export class ClusterCache {
  private readonly clusters: ByteLru<DecodedBytes>;
  private readonly loading = new Map<number, Loading>();
  private closed = false;

  constructor(maxBytes: number) {
    this.clusters = new ByteLru(maxBytes, (left) => left.release());
  }

  /** Bytes held now; never above maxBytes. */
  get bytes(): number {
    return this.clusters.bytes;
  }

  /**
   * Runs `read` on the cluster, from the cache or loaded (once for readers
   * asking at the same time), held while it runs.
   */
  async read<T>(cluster: number, load: () => Promise<DecodedBytes>, read: (data: DecodedBytes) => Promise<T>): Promise<T> {
    const hit = this.clusters.get(cluster);
    if (hit) return hit.use(read);
    const loading = this.loading.get(cluster) ?? this.load(cluster, load);
    loading.readers++;
    const data = await loading.loaded;
    try {
      return await read(data);
    } finally {
      data.letGo();
    }
  }

  /** Starts a load; what it gives is held for each reader that asked meanwhile, and kept if it fits. */
  private load(cluster: number, load: () => Promise<DecodedBytes>): Loading {
    const loading: Loading = {
      readers: 0,
      loaded: load().then(
        (data) => {
          // from here on a reader finds it in the cache, or loads it again
          this.loading.delete(cluster);
          data.hold(loading.readers);
          // not kept (larger than the bound, or the file closed): freed when its readers are done
          if (this.closed || !this.clusters.set(cluster, data, data.length)) data.release();
          return data;
        },
        (error: unknown) => {
          this.loading.delete(cluster);
          throw error;
        },
      ),
    };
    this.loading.set(cluster, loading);
    return loading;
  }

  /** Releases every cluster (each one still loading is released as it arrives). */
  close(): void {
    this.closed = true;
    this.clusters.clear();
  }
}
