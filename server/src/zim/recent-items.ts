/**
 * Small items read lately, whole, by entry index: a class opening the page
 * the teacher named asks for the same bytes twenty times, and a page kept
 * here costs no cluster (an article is a few KiB; its cluster is 2 MiB,
 * most of it decoded again for each reader when the cluster has left the
 * cache). Least recently used first out, bounded by bytes; each kept item is
 * a copy with a buffer of its own, never a view holding a cluster's chunk.
 */
export class RecentItems {
  readonly #items = new Map<number, Buffer>();
  #bytes = 0;
  readonly maxBytes: number;
  /** an item larger than this is handed back, never kept */
  readonly maxItemBytes: number;

  constructor(maxBytes: number, maxItemBytes: number) {
    this.maxBytes = maxBytes;
    this.maxItemBytes = Math.min(maxItemBytes, maxBytes);
  }

  /** Bytes held now; never above maxBytes. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The item's bytes when kept (it becomes the most recently used). */
  get(index: number): Buffer | undefined {
    const kept = this.#items.get(index);
    if (kept) {
      // Map keeps insertion order: re-inserting makes this the most recently used
      this.#items.delete(index);
      this.#items.set(index, kept);
    }
    return kept;
  }

  /** Keeps a copy of a small item's bytes and returns it; a large one's bytes come back as they are. */
  keep(index: number, bytes: Buffer): Buffer {
    if (bytes.length > this.maxItemBytes) return bytes;
    const copy = Buffer.allocUnsafeSlow(bytes.length);
    bytes.copy(copy);
    const before = this.#items.get(index);
    if (before) this.#bytes -= before.length;
    this.#items.delete(index);
    this.#items.set(index, copy);
    this.#bytes += copy.length;
    for (const [oldest, evicted] of this.#items) {
      if (this.#bytes <= this.maxBytes) break;
      this.#items.delete(oldest);
      this.#bytes -= evicted.length;
    }
    return copy;
  }
}
