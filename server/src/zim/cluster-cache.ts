/**
 * The decompressed clusters of one open file, least recently used first out,
 * bounded by bytes (not by count: a cluster may be a few KiB or many MiB). A
 * cluster larger than the whole bound is handed out but never kept, so the
 * bound holds whatever the file holds.
 */
export class ClusterCache {
  private readonly clusters = new Map<number, Buffer>();
  private readonly loading = new Map<number, Promise<Buffer>>();
  private held = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Bytes held now; never above maxBytes. */
  get bytes(): number {
    return this.held;
  }

  /** The cluster from the cache, or loaded once however many readers ask at the same time. */
  get(cluster: number, load: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.clusters.get(cluster);
    if (hit) {
      // Map keeps insertion order: re-inserting makes this the most recently used
      this.clusters.delete(cluster);
      this.clusters.set(cluster, hit);
      return Promise.resolve(hit);
    }
    const pending = this.loading.get(cluster);
    if (pending) return pending;
    const loaded = load()
      .then((bytes) => {
        this.keep(cluster, bytes);
        return bytes;
      })
      .finally(() => this.loading.delete(cluster));
    this.loading.set(cluster, loaded);
    return loaded;
  }

  private keep(cluster: number, bytes: Buffer): void {
    if (bytes.length > this.maxBytes) return;
    this.clusters.set(cluster, bytes);
    this.held += bytes.length;
    for (const [oldest, evicted] of this.clusters) {
      if (this.held <= this.maxBytes) break;
      this.clusters.delete(oldest);
      this.held -= evicted.length;
    }
  }
}
