/**
 * Values by number, least recently used first out, bounded by the bytes the
 * caller says each one holds (not by count: a cluster may be a few KiB or
 * many MiB). A value larger than the whole bound is never kept, so the bound
 * holds whatever is offered. The cluster cache and the readers' recent
 * pages are both this, with their own rules of what is worth keeping.
 */
export class ByteLru<V> {
  readonly #entries = new Map<number, { value: V; bytes: number }>();
  #bytes = 0;
  readonly maxBytes: number;
  /** told of every value that leaves: evicted, replaced or cleared */
  readonly #left: (value: V) => void;

  constructor(maxBytes: number, left: (value: V) => void = () => undefined) {
    this.maxBytes = maxBytes;
    this.#left = left;
  }

  /** Bytes held now; never above maxBytes. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value kept under `key`, if any, now the most recently used. */
  get(key: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting makes this the most recently used
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` (holding `bytes`) under `key`, replacing what was there, letting the oldest go past the bound; false when too large to keep. */
  set(key: number, value: V, bytes: number): boolean {
    if (bytes > this.maxBytes) return false;
    const before = this.#entries.get(key);
    if (before) {
      this.#bytes -= before.bytes;
      this.#entries.delete(key);
      if (before.value !== value) this.#left(before.value);
    }
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, evicted] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= evicted.bytes;
      this.#left(evicted.value);
    }
    return true;
  }

  /** Lets every value go. */
  clear(): void {
    const values = [...this.#entries.values()];
    this.#entries.clear();
    this.#bytes = 0;
    for (const { value } of values) this.#left(value);
  }
}
