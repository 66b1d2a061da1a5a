import { ByteLru } from './byte-lru.ts';
import type { ClusterBytes } from './cluster-bytes.ts';

/**
 * The decompressed clusters of one open file, least recently used first out,
 * bounded by bytes (not by count: a cluster may be a few KiB or many MiB). A
 * cluster larger than the whole bound is handed out but never kept, so the
 * bound holds whatever the file holds. A zstd cluster may be held as a
 * prefix: a reader it does not serve loads a longer one, which replaces it.
 */
export class ClusterCache {
  private readonly clusters: ByteLru<ClusterBytes>;
  private readonly loading = new Map<number, Promise<ClusterBytes>>();

  constructor(maxBytes: number) {
    this.clusters = new ByteLru(maxBytes);
  }

  /** Bytes held now; never above maxBytes. */
  get bytes(): number {
    return this.clusters.bytes;
  }

  /** The cluster's bytes held now, if any, without counting it as used. */
  held(cluster: number): ClusterBytes | undefined {
    return this.clusters.peek(cluster);
  }

  /**
   * The cluster from the cache when `serves` says its bytes are enough, else
   * loaded (once for readers asking at the same time, when the load under
   * way serves them too).
   */
  async get(cluster: number, load: () => Promise<ClusterBytes>, serves: (data: ClusterBytes) => Promise<boolean> = () => Promise.resolve(true)): Promise<ClusterBytes> {
    const hit = this.clusters.peek(cluster);
    if (hit && (await serves(hit))) {
      this.clusters.get(cluster); // now the most recently used
      return hit;
    }
    const pending = this.loading.get(cluster);
    if (pending) {
      const data = await pending;
      if (await serves(data)) return data;
    }
    const loaded = load()
      .then((data) => {
        this.keep(cluster, data);
        return data;
      })
      .finally(() => {
        if (this.loading.get(cluster) === loaded) this.loading.delete(cluster);
      });
    this.loading.set(cluster, loaded);
    return loaded;
  }

  private keep(cluster: number, data: ClusterBytes): void {
    const before = this.clusters.peek(cluster);
    // a load that raced a longer one for the same cluster does not shorten it
    if (before && before.length >= data.length) return;
    this.clusters.set(cluster, data, data.held);
  }
}
