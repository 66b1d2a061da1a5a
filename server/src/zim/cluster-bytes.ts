/**
 * A cluster's decompressed bytes from its start, in the pieces the decoder
 * handed out, never joined: joining a 2 MiB cluster as it grows made several
 * times its size in garbage per cluster read, and that garbage, not the
 * decoding, was what the server spent its time collecting under many readers.
 */
export class ClusterBytes {
  /** where each piece starts in the cluster */
  readonly #starts: number[] = [];
  readonly #pieces: Buffer[];
  readonly length: number;
  /** false while only a prefix is decoded: a blob past it needs a longer one */
  readonly complete: boolean;
  /** what keeping it costs: the whole memory behind its pieces (a piece may be a view of a larger buffer) */
  readonly held: number;

  constructor(pieces: readonly Buffer[], complete: boolean) {
    this.#pieces = [...pieces];
    let length = 0;
    const behind = new Set<ArrayBufferLike>();
    for (const piece of this.#pieces) {
      this.#starts.push(length);
      length += piece.length;
      behind.add(piece.buffer);
    }
    this.length = length;
    this.complete = complete;
    this.held = [...behind].reduce((sum, buffer) => sum + buffer.byteLength, 0);
  }

  /** Bytes [start, end): a view when they lie in one piece, else a copy of the two or three they span. */
  slice(start: number, end: number): Buffer {
    if (start < 0 || end > this.length || end < start) throw new RangeError(`bytes ${start}–${end} of ${this.length}`);
    let i = this.#pieceAt(start);
    const first = this.#pieces[i] ?? Buffer.alloc(0);
    const from = start - (this.#starts[i] ?? 0);
    if (from + (end - start) <= first.length) return first.subarray(from, from + (end - start));
    const out = Buffer.allocUnsafe(end - start);
    for (let at = start; at < end; i++) {
      const piece = this.#pieces[i] ?? Buffer.alloc(0);
      const offset = at - (this.#starts[i] ?? 0);
      at += piece.copy(out, at - start, offset, Math.min(piece.length, offset + end - at));
    }
    return out;
  }

  /** The piece holding byte `pos` (the last one for the end). */
  #pieceAt(pos: number): number {
    let low = 0;
    let high = this.#pieces.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.#starts[mid] ?? 0) <= pos) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

/** A copy with a buffer of its own (Buffer.from and concat may put a small one in a shared pool, which keeping it would hold). */
export function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
