import type { TransformOptions } from 'node:stream';
import { crc32, createZstdDecompress, type ZstdDecompress } from 'node:zlib';
import { xz } from '@napi-rs/lzma';
import { ClusterBytes, ownCopy } from './cluster-bytes.ts';
import { ZimError } from './errors.ts';

const tooLarge = (limit: number): ZimError => new ZimError('ZIM_TOO_LARGE', `a cluster decompresses beyond ${limit} bytes`);

/**
 * Bytes the decoder hands out at a time, each one trip through the thread
 * pool: large enough that a 2 MiB cluster takes a few trips (each costs the
 * main thread more than the bytes do), small enough that an article near a
 * cluster's start stops early.
 */
export const ZSTD_CHUNK_BYTES = 256 * 1024;

/**
 * Nothing decoded ahead of the reader: a stream would decode a chunk past the
 * last one read, mostly for nobody. zlib hands these options to its stream
 * (its own option type leaves them out).
 */
const NOTHING_AHEAD: Pick<TransformOptions, 'readableHighWaterMark'> = { readableHighWaterMark: 0 };

/**
 * A zstd frame decoded as a stream, only as far as asked, as the reference
 * reader (libzim) does: an article near the start of a 2 MiB cluster costs
 * the bytes before it, not the whole cluster. The decoder decodes a chunk
 * only when asked for it, stops at the frame's end (bytes
 * after it, the dirents behind the last cluster, are never read), and
 * refuses to go beyond `limit` bytes. Its chunks are kept as they come
 * (cluster-bytes.ts), never copied into one buffer.
 */
export class ZstdPrefix {
  readonly #stream: ZstdDecompress;
  readonly #chunks: AsyncIterator<Buffer>;
  readonly #limit: number;
  readonly #pieces: Buffer[] = [];
  #length = 0;
  #ended = false;
  #decoded = new ClusterBytes([], false);
  #turn: Promise<void> = Promise.resolve();

  constructor(input: Buffer, limit: number) {
    this.#limit = limit;
    this.#stream = createZstdDecompress({ chunkSize: ZSTD_CHUNK_BYTES, ...NOTHING_AHEAD });
    this.#stream.end(input);
    this.#chunks = this.#stream[Symbol.asyncIterator]();
  }

  /** Decodes until `length` bytes are out or the frame ends; readers at once take turns. */
  fill(length: number): Promise<void> {
    const turn = this.#turn.then(() => this.#fill(length));
    this.#turn = turn.catch(() => undefined);
    return turn;
  }

  async #fill(length: number): Promise<void> {
    const before = this.#pieces.length;
    while (this.#length < length && !this.#ended) {
      let next: IteratorResult<Buffer>;
      try {
        next = await this.#chunks.next();
      } catch (error) {
        throw new ZimError('ZIM_CORRUPT', `zstd: ${(error as Error).message}`);
      }
      if (next.done) this.#ended = true;
      else if (this.#length + next.value.length > this.#limit) {
        this.close();
        throw tooLarge(this.#limit);
      } else {
        // a chunk short of the decoder's buffer is the frame's last: kept at its own size
        this.#pieces.push(next.value.length < next.value.buffer.byteLength ? ownCopy(next.value) : next.value);
        this.#length += next.value.length;
      }
    }
    if (this.#pieces.length !== before || this.#ended !== this.#decoded.complete) this.#decoded = new ClusterBytes(this.#pieces, this.#ended);
  }

  /** The bytes decoded so far; later bytes make a new one, and the ones handed out stay valid. */
  bytes(): ClusterBytes {
    return this.#decoded;
  }

  /** `length` bytes at `pos`, decoding as far as they reach; ZIM_BAD_OFFSET when the frame ends before. */
  async read(pos: number, length: number): Promise<Buffer> {
    await this.fill(pos + length);
    if (this.#length < pos + length) throw new ZimError('ZIM_BAD_OFFSET', `bytes ${pos}–${pos + length} of a cluster of ${this.#length}`);
    return this.#decoded.slice(pos, pos + length);
  }

  /** Frees the decoder (its window); the bytes decoded so far stay readable. */
  close(): void {
    this.#stream.destroy();
  }
}

const XZ_FOOTER = Buffer.from('YZ');

/**
 * Where the xz stream at the start of `input` ends. The xz decoder refuses
 * bytes after a stream, and the last cluster has the dirents behind it, so
 * the stream is cut at its footer: 12 bytes ending in "YZ" whose CRC32 covers
 * the backward size and the flags, which repeat the header's.
 */
function xzStreamLength(input: Buffer): number {
  const flags = input.subarray(6, 8);
  for (let at = input.indexOf(XZ_FOOTER, 22); at !== -1; at = input.indexOf(XZ_FOOTER, at + 1)) {
    const footer = input.subarray(at - 10, at + 2);
    if (footer.subarray(8, 10).equals(flags) && crc32(footer.subarray(4, 10)) === footer.readUInt32LE(0)) return at + 2;
  }
  throw new ZimError('ZIM_CORRUPT', 'xz: no stream footer');
}

/**
 * An xz stream, decompressed up to `limit` bytes. Read as a stream and
 * cancelled at the bound, so a small hostile cluster never expands whole in
 * memory (the one-shot call has no output limit).
 */
export async function decompressXz(input: Buffer, limit: number): Promise<Buffer> {
  const stream = input.subarray(0, xzStreamLength(input));
  const reader = xz.decompressStream(new ReadableStream({ start: (controller) => { controller.enqueue(stream); controller.close(); } })).getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks, total);
      total += value.length;
      if (total > limit) {
        await reader.cancel();
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ZimError) throw error;
    throw new ZimError('ZIM_CORRUPT', `xz: ${(error as Error).message}`);
  }
}
