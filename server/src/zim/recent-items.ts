import { ByteLru } from './byte-lru.ts';

/**
 * Small items read lately, whole, by entry index: a class opening the page
 * the teacher named asks for the same bytes twenty times, and a page kept
 * here costs no cluster (an article is a few KiB; its cluster is 2 MiB,
 * most of it decoded again for each reader when the cluster has left the
 * cache). Least recently used first out, bounded by bytes; each kept item is
 * a buffer of its own, never a view holding a shared pool.
 */
export class RecentItems {
  readonly #items: ByteLru<Buffer>;
  /** an item larger than this is handed back, never kept */
  readonly #maxItemBytes: number;

  constructor(maxBytes: number, maxItemBytes: number) {
    this.#items = new ByteLru(maxBytes);
    this.#maxItemBytes = Math.min(maxItemBytes, maxBytes);
  }

  /** Bytes held now; never above the bound. */
  get bytes(): number {
    return this.#items.bytes;
  }

  /** The item's bytes when kept (it becomes the most recently used). */
  get(index: number): Buffer | undefined {
    return this.#items.get(index);
  }

  /** Keeps a small item's bytes (a copy, unless they are a buffer of their own) and returns them; a large one's come back as they are. */
  keep(index: number, bytes: Buffer): Buffer {
    if (bytes.length > this.#maxItemBytes) return bytes;
    const copy = bytes.byteOffset === 0 && bytes.length === bytes.buffer.byteLength ? bytes : ownCopy(bytes);
    this.#items.set(index, copy, copy.length);
    return copy;
  }
}

/** A copy with a buffer of its own (a small Buffer may be a view of a shared pool, which keeping it would hold). */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
