import { ByteLru } from './byte-lru.ts';
import type { DecodedBytes } from './zstd-wasm.ts';

/**
 * The decompressed clusters of one open file, least recently used first out,
 * bounded by the memory they hold (not by count: a cluster may be a few KiB or many MiB). A
 * cluster larger than the whole bound is handed out but never kept, so the
 * bound holds whatever the file holds. A cluster that leaves is released:
 * its memory goes back to the decoder once the readers using it are done
 * (a reader holds it from the moment it asks, so no other reader's load
 * can free it under it).
 *
 * A cluster may be kept decoded only up to the bytes readers have asked for
 * (zstd-wasm.ts); a reader wanting more loads it again, further, in its place.
 */
/** A cluster being loaded, up to which byte, and how many readers wait for it. */
interface Loading {
  wanted: number;
  readers: number;
  loaded: Promise<DecodedBytes>;
}

/** Whether `data` holds a cluster's bytes up to `wanted`. */
const reaches = (data: DecodedBytes, wanted: number): boolean => data.complete || data.length >= wanted;

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
   * Runs `read` on the cluster decoded at least up to byte `wanted` (or
   * whole), from the cache or loaded (once for readers asking at the same
   * time), held while it runs. `load` decodes it up to the byte it is given.
   */
  async read<T>(cluster: number, wanted: number, load: (wanted: number) => Promise<DecodedBytes>, read: (data: DecodedBytes) => Promise<T>): Promise<T> {
    const hit = this.clusters.get(cluster);
    if (hit && reaches(hit, wanted)) return hit.use(read);
    const under = this.loading.get(cluster);
    const loading = under && under.wanted >= wanted ? under : this.load(cluster, wanted, load);
    loading.readers++;
    const data = await loading.loaded;
    try {
      return await read(data);
    } finally {
      data.letGo();
    }
  }

  /** Starts a load; what it gives is held for each reader that asked meanwhile, and kept if it fits and goes further than what is kept. */
  private load(cluster: number, wanted: number, load: (wanted: number) => Promise<DecodedBytes>): Loading {
    const settled = () => this.loading.get(cluster) === loading && this.loading.delete(cluster);
    const loading: Loading = {
      wanted,
      readers: 0,
      loaded: load(wanted).then(
        (data) => {
          // from here on a reader finds it in the cache, or loads it again
          settled();
          data.hold(loading.readers);
          const kept = this.clusters.get(cluster);
          const further = !kept || (!kept.complete && data.length > kept.length);
          // not kept (not further than what is, larger than the bound, or the file closed): freed when its readers are done
          if (this.closed || !further || !this.clusters.set(cluster, data, data.held)) data.release();
          return data;
        },
        (error: unknown) => {
          settled();
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
