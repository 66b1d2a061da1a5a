import type { ClusterBytes } from './cluster-bytes.ts';

/**
 * The decompressed clusters of one open file, least recently used first out,
 * bounded by bytes (not by count: a cluster may be a few KiB or many MiB). A
 * cluster larger than the whole bound is handed out but never kept, so the
 * bound holds whatever the file holds. A zstd cluster may be held as a
 * prefix: a reader it does not serve loads a longer one, which replaces it.
 */
export class ClusterCache {
  private readonly clusters = new Map<number, ClusterBytes>();
  private readonly loading = new Map<number, Promise<ClusterBytes>>();
  private heldBytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Bytes held now; never above maxBytes. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** The cluster's bytes held now, if any, without counting it as used. */
  held(cluster: number): ClusterBytes | undefined {
    return this.clusters.get(cluster);
  }

  /**
   * The cluster from the cache when `serves` says its bytes are enough, else
   * loaded (once for readers asking at the same time, when the load under
   * way serves them too).
   */
  async get(cluster: number, load: () => Promise<ClusterBytes>, serves: (data: ClusterBytes) => Promise<boolean> = () => Promise.resolve(true)): Promise<ClusterBytes> {
    const hit = this.clusters.get(cluster);
    if (hit && (await serves(hit))) {
      // Map keeps insertion order: re-inserting makes this the most recently used
      if (this.clusters.delete(cluster)) this.clusters.set(cluster, hit);
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
    const before = this.clusters.get(cluster);
    // a load that raced a longer one for the same cluster does not shorten it
    if (data.held > this.maxBytes || (before && before.length >= data.length)) return;
    if (before) this.heldBytes -= before.held;
    this.clusters.delete(cluster);
    this.clusters.set(cluster, data);
    this.heldBytes += data.held;
    for (const [oldest, evicted] of this.clusters) {
      if (this.heldBytes <= this.maxBytes) break;
      this.clusters.delete(oldest);
      this.heldBytes -= evicted.held;
    }
  }
}
