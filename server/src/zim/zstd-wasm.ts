import { ZSTDDecoder } from 'zstddec';
import { ZimError } from './errors.ts';

/**
 * zstd compiled to WebAssembly (the zstddec package), with the decoded
 * clusters kept in the module's own memory.
 *
 * Why not Node's zlib: libzim writes each cluster as a frame with an 8 MiB
 * window and no content size, so every zlib decoder allocates 8 MiB, which
 * Node reports to V8, and hands out each 256 KiB of output as a new buffer.
 * Under twenty readers V8 then collected the whole heap 55 times a second,
 * and the freed buffers still doubled the server's memory
 * (docs/PERFORMANCE.md#reading-where-the-memory-under-the-phones-goes-2026-12-03).
 * Here a cluster is decoded into memory the module reuses, and its bytes are
 * the module's until the cache lets them go: the collector sees only the
 * articles copied out.
 */
interface ZstdExports {
  memory: { readonly buffer: ArrayBuffer };
  malloc(bytes: number): number;
  free(pointer: number): void;
  /** (dst, capacity, src, size): the bytes decoded, or an error code (negative here) */
  ZSTD_decompress(output: number, capacity: number, input: number, length: number): number;
}

let loaded: Promise<ZstdExports> | undefined;

/** The module, instantiated once. zstddec keeps its instance to itself; its typed `_init` hook is handed it. */
function zstd(): Promise<ZstdExports> {
  loaded ??= new Promise<ZstdExports>((resolve, reject) => {
    class Capture extends ZSTDDecoder {
      override _init(result: Parameters<ZSTDDecoder['_init']>[0]): void {
        super._init(result);
        resolve((result as { instance: { exports: unknown } }).instance.exports as ZstdExports);
      }
    }
    // zstddec reads its module from a data: URL with fetch where there is one, and the first fetch
    // loads Node's whole HTTP client (18 MB); without fetch for that call it reads the same bytes itself
    const { fetch } = globalThis;
    Reflect.set(globalThis, 'fetch', undefined);
    try {
      new Capture().init().catch(reject);
    } finally {
      globalThis.fetch = fetch;
    }
  });
  return loaded;
}

/** The module's memory now (0 before the first decode): it grows to what decodes and caches have needed at once, and never shrinks. */
export async function decoderMemoryBytes(): Promise<number> {
  return loaded ? (await loaded).memory.buffer.byteLength : 0;
}

/** `bytes` of the module's memory; it refuses to grow past what a 32-bit module addresses. */
function allocate(z: ZstdExports, bytes: number): number {
  const pointer = z.malloc(bytes);
  if (pointer === 0) throw new ZimError('ZIM_TOO_LARGE', `the decoder has no room for ${bytes} bytes`);
  return pointer;
}

/** zstd's error codes end at 120; a size_t returned through 32-bit WebAssembly above 2 GiB reads as negative. */
const isError = (code: number): boolean => code < 0 && code >= -120;

/**
 * Memory is taken in whole MiBs, so what is freed is the right size for the
 * next cluster (2 MiB and a few KiB, bound to a few hundred more) or frame,
 * where it was: the memory the module has touched stays what it holds at
 * once, instead of spreading as pieces a few KiB more or less leave holes.
 * The rest of the last MiB is never written.
 */
const wholeMiBs = (bytes: number): number => Math.max(1, Math.ceil(bytes / MIB) * MIB);
const MIB = 1024 * 1024;

/**
 * Where the frame is copied to be decoded: one place for every open file,
 * since a decode runs at once, start to end. It grows to the largest frame
 * met and stays.
 */
const source = { pointer: 0, bytes: 0 };

function sourceRoom(z: ZstdExports, bytes: number): number {
  if (source.bytes < bytes) {
    if (source.bytes > 0) z.free(source.pointer);
    source.bytes = 0;
    const room = wholeMiBs(bytes);
    source.pointer = allocate(z, room);
    source.bytes = room;
  }
  return source.pointer;
}

/**
 * A decoded cluster in the module's memory, read while in use() and freed
 * once released (it left the cache) and no reader is using it, for later
 * clusters to take its place.
 */
export class DecodedBytes {
  readonly #z: ZstdExports;
  readonly #pointer: number;
  readonly length: number;
  /** the most the whole cluster decodes to: its length once complete, else its frame's bound */
  readonly bound: number;
  /** the memory they hold, at least their length */
  readonly held: number;

  #users = 0;
  #released = false;
  #freed = false;

  constructor(z: ZstdExports, pointer: number, length: number, { bound = length, held = length }: { bound?: number; held?: number } = {}) {
    this.#z = z;
    this.#pointer = pointer;
    this.length = length;
    this.bound = bound;
    this.held = held;
  }

  /** Whether these are the cluster's bytes to its end, not the start of them. */
  get complete(): boolean {
    return this.length === this.bound;
  }

  /** Runs `read` with the bytes held: a release meanwhile frees them when it is done. */
  async use<T>(read: (bytes: DecodedBytes) => Promise<T>): Promise<T> {
    this.hold(1);
    try {
      return await read(this);
    } finally {
      this.letGo();
    }
  }

  /** Holds the bytes for `readers` to come, each calling letGo() when done. */
  hold(readers: number): void {
    if (this.#freed) throw new Error('a freed cluster was read');
    this.#users += readers;
  }

  letGo(): void {
    this.#users--;
    this.#freeWhenDone();
  }

  /** Bytes [start, end), copied into a buffer of the caller's. */
  copy(start: number, end: number): Buffer {
    if (this.#freed) throw new Error('a freed cluster was read');
    if (start < 0 || end > this.length || end < start) throw new RangeError(`bytes ${start}–${end} of ${this.length}`);
    const out = Buffer.allocUnsafe(end - start);
    out.set(new Uint8Array(this.#z.memory.buffer, this.#pointer + start, end - start));
    return out;
  }

  /** Gives the memory back now, or when the readers using it are done. */
  release(): void {
    this.#released = true;
    this.#freeWhenDone();
  }

  #freeWhenDone(): void {
    if (!this.#released || this.#users > 0 || this.#freed) return;
    this.#freed = true;
    this.#z.free(this.#pointer);
  }
}

/** `bytes` (an xz cluster decoded by another library) kept like a zstd one. */
export async function keepDecoded(bytes: Buffer): Promise<DecodedBytes> {
  const z = await zstd();
  const pointer = allocate(z, Math.max(1, bytes.length));
  new Uint8Array(z.memory.buffer).set(bytes, pointer);
  return new DecodedBytes(z, pointer, bytes.length);
}

const ZSTD_MAGIC = 0xfd2fb528;
/** No compressed block decodes to more (the format's Block_Maximum_Size). */
const BLOCK_MAX_BYTES = 128 * 1024;

/** A frame's blocks, read from their headers before anything is decoded. */
interface Frame {
  /** where the whole frame ends, its checksum included */
  length: number;
  maxDecodedBytes: number;
  /**
   * For each block: where it starts and ends in the frame, and what the
   * blocks up to it decode to at most, and likely (a compressed block's
   * size at the ratio of the frame's median block, which libzim's writer
   * fills to 128 KiB).
   */
  blocks: { start: number; end: number; maxDecoded: number; likely: number }[];
  /** whether the blocks up to any one make a frame of their own (not when the header says the content's size) */
  cuttable: boolean;
}

/**
 * The zstd frame at the start of `input`, from its header and its blocks'
 * headers: where it ends (the last cluster has the dirents behind it, and
 * zstd's one-shot decoder takes bytes after a frame for another one), and
 * the most its blocks can decode to (a raw or RLE block says its size; a
 * compressed one decodes to at most 128 KiB).
 */
export function frameOf(input: Buffer): Frame {
  if (input.length < 6 || input.readUInt32LE(0) !== ZSTD_MAGIC) throw new ZimError('ZIM_CORRUPT', 'zstd: no frame');
  const descriptor = input[4] ?? 0;
  const singleSegment = (descriptor & 0x20) !== 0;
  const contentSizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6] ?? 0;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3] ?? 0;
  let at = 5 + (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes;
  const read: { start: number; end: number; compressed: boolean; size: number }[] = [];
  for (;;) {
    if (at + 3 > input.length) throw new ZimError('ZIM_CORRUPT', 'zstd: the frame ends before its last block');
    const header = input.readUIntLE(at, 3);
    const type = (header >> 1) & 3;
    const size = header >> 3;
    if (type === 3) throw new ZimError('ZIM_CORRUPT', 'zstd: a reserved block type');
    read.push({ start: at, end: at + 3 + (type === 1 ? 1 : size), compressed: type === 2, size });
    at += 3 + (type === 1 ? 1 : size);
    if (header & 1) break;
  }
  at += descriptor & CHECKSUM_FLAG ? 4 : 0;
  if (at > input.length) throw new ZimError('ZIM_CORRUPT', 'zstd: the frame ends before its last block');
  const sizes = read.filter((block) => block.compressed).map((block) => block.size).sort((a, b) => a - b);
  const ratio = BLOCK_MAX_BYTES / Math.max(1, sizes[Math.floor(sizes.length / 2)] ?? 1);
  let maxDecoded = 0;
  let likely = 0;
  const blocks = read.map(({ start, end, compressed, size }) => {
    maxDecoded += compressed ? BLOCK_MAX_BYTES : size;
    likely += compressed ? Math.min(BLOCK_MAX_BYTES, size * ratio) : size;
    return { start, end, maxDecoded, likely };
  });
  return { length: at, maxDecodedBytes: maxDecoded, blocks, cuttable: contentSizeBytes === 0 };
}

const CHECKSUM_FLAG = 4;
const LAST_BLOCK_FLAG = 1;

/**
 * The start of the zstd frame at the start of `input`, at least `wanted`
 * bytes of it (or all of it), decoded into a home of its own in the module's
 * memory, as large as the frame's blocks can make: one-shot, so zstd needs no
 * window (a streaming decoder would take the frame's 8 MiB). A frame that
 * could decode beyond `limit` bytes is refused before it is decoded
 * (ZIM_TOO_LARGE); one cut short or that does not decode, with ZIM_CORRUPT.
 *
 * Only the blocks up to the wanted byte are decoded, with one more for a
 * guess that falls short: an article is on average halfway into its
 * cluster, and decoding was most of what a read cost. Those blocks, the
 * last of them marked last and the whole frame's checksum flag cleared, are
 * a frame of their own (RFC 8878: a block refers only to the ones before
 * it), which the one-shot decoder decodes like any other. A frame of at
 * most 1 MiB is decoded whole (docs/PERFORMANCE.md, "Reading: only the
 * blocks up to the article").
 */
export async function decodeZstd(input: Buffer, limit: number, wanted = Number.POSITIVE_INFINITY): Promise<DecodedBytes> {
  const z = await zstd();
  const frame = frameOf(input);
  if (frame.maxDecodedBytes > limit) throw new ZimError('ZIM_TOO_LARGE', `a cluster may decompress to ${frame.maxDecodedBytes} bytes, beyond ${limit}`);
  const last = frame.blocks.length - 1;
  const enough = (from: number, bytes: number): number => {
    const found = frame.blocks.findIndex((block) => block.likely - from >= bytes);
    return found === -1 ? last : Math.min(last, found + 1);
  };
  let upTo = frame.cuttable && frame.maxDecodedBytes > MIB ? enough(0, wanted) : last;
  for (;;) {
    const decoded = decodeFrame(z, input, frame, upTo);
    if (upTo === last) return decoded;
    if (decoded.length >= wanted) return decoded;
    // the blocks made less than guessed: more of them, from the start again
    decoded.release();
    upTo = Math.max(upTo + 1, enough((frame.blocks[upTo] as Frame['blocks'][number]).likely, wanted - decoded.length));
  }
}

/**
 * Blocks 0 to `upTo` of the frame decoded (all of it, its checksum checked,
 * when `upTo` is its last), in a home as large as the whole frame's bound:
 * a cluster kept in part takes the place a whole one would, and leaves one
 * the next fits.
 */
function decodeFrame(z: ZstdExports, input: Buffer, frame: Frame, upTo: number): DecodedBytes {
  const block = frame.blocks[upTo] as Frame['blocks'][number];
  const whole = upTo === frame.blocks.length - 1;
  const length = whole ? frame.length : block.end;
  const from = sourceRoom(z, length);
  const memory = new Uint8Array(z.memory.buffer);
  memory.set(input.subarray(0, length), from);
  if (!whole) {
    memory[from + 4] = (memory[from + 4] ?? 0) & ~CHECKSUM_FLAG;
    memory[from + block.start] = (memory[from + block.start] ?? 0) | LAST_BLOCK_FLAG;
  }
  const home = allocate(z, wholeMiBs(frame.maxDecodedBytes));
  const decoded = z.ZSTD_decompress(home, block.maxDecoded, from, length);
  if (isError(decoded)) {
    z.free(home);
    throw new ZimError('ZIM_CORRUPT', `zstd: error ${-decoded}`);
  }
  const held = wholeMiBs(frame.maxDecodedBytes);
  if (!whole) return new DecodedBytes(z, home, decoded, { bound: frame.maxDecodedBytes, held });
  // a small cluster (its one block's bound is 128 KiB) moves to a home of its size; a large one keeps its MiBs
  const exact = decoded >= MIB ? 0 : z.malloc(Math.max(1, decoded));
  if (exact === 0) return new DecodedBytes(z, home, decoded, { held });
  new Uint8Array(z.memory.buffer).copyWithin(exact, home, home + decoded);
  z.free(home);
  return new DecodedBytes(z, exact, decoded);
}
