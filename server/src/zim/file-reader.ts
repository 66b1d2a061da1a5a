import { open, type FileHandle } from 'node:fs/promises';
import { ZimError, type ZimErrorCode } from './errors.ts';

/** A 64-bit file position as a number, refused when beyond what a number holds exactly. */
export function toOffset(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZimError('ZIM_BAD_OFFSET', `${what} ${value} is too large`);
  return Number(value);
}

/** Small reads are served from aligned blocks of this size, each read from the file once while it stays cached. */
export const BLOCK_BYTES = 16 * 1024;
/** Blocks kept per open file (1 MiB): the pointer lists' and dirents' hot parts. */
const CACHED_BLOCKS = 64;

/**
 * Buffers lent for a cluster's compressed bytes (lend()), kept for the next:
 * a new one per decode was garbage as large as the cluster. As many are kept
 * as decode at once, each at most a few MiB (a larger one is made for its
 * read and left to the collector).
 */
const lent: Buffer[] = [];
const LENT_KEPT = 3;
const LENT_MIN_BYTES = 1024 * 1024;
const LENT_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Positional reads from one open ZIM file. Never reads the file whole: every
 * structure is fetched by offset, and every read is checked against the size
 * first, so a pointer past the end is a refusal rather than a short buffer.
 *
 * Finding one article takes a dozen small reads (pointers, dirents, a
 * cluster's first byte), and each read through the thread pool costs far more
 * than its bytes; so reads of at most a block come from a small cache of
 * aligned blocks, least recently used first out. Larger reads (clusters, the
 * checksum's pass) go to the file and are never kept.
 */
export class FileReader {
  private readonly handle: FileHandle;
  readonly size: number;
  private readonly blocks = new Map<number, Promise<Buffer>>();

  private constructor(handle: FileHandle, size: number) {
    this.handle = handle;
    this.size = size;
  }

  static async open(path: string): Promise<FileReader> {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      return new FileReader(handle, size);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Exactly `length` bytes at `offset`; `code` names the refusal when they lie past the end. */
  async read(offset: number, length: number, code: ZimErrorCode = 'ZIM_BAD_OFFSET'): Promise<Buffer> {
    this.check(offset, length, code);
    if (length === 0) return Buffer.alloc(0);
    if (length > BLOCK_BYTES) return this.readFile(offset, length);
    // at most one block long, so within one block or across two
    const first = Math.floor(offset / BLOCK_BYTES);
    const last = Math.floor((offset + length - 1) / BLOCK_BYTES);
    const start = offset - first * BLOCK_BYTES;
    const head = await this.block(first);
    if (last === first) return this.within(head, start, length, offset);
    const joined = Buffer.concat([head.subarray(start), await this.block(last)]);
    return this.within(joined, 0, length, offset);
  }

  /** `length` bytes at `offset`, in a buffer lent to `use` and taken back when it is done (it must not keep them). */
  async lend<T>(offset: number, length: number, use: (bytes: Buffer) => Promise<T>): Promise<T> {
    this.check(offset, length);
    const index = lent.findIndex((buffer) => buffer.length >= length);
    const buffer = index === -1 ? Buffer.allocUnsafeSlow(Math.max(length, LENT_MIN_BYTES)) : (lent.splice(index, 1)[0] as Buffer);
    try {
      return await use(await this.readFile(offset, length, buffer));
    } finally {
      if (lent.length < LENT_KEPT && buffer.length <= LENT_MAX_BYTES) lent.push(buffer);
    }
  }

  /** Up to `length` bytes at `offset`, fewer where the file ends (for structures of unknown length). */
  readUpTo(offset: number, length: number): Promise<Buffer> {
    return this.read(offset, Math.max(0, Math.min(length, this.size - offset)));
  }

  close(): Promise<void> {
    this.blocks.clear();
    return this.handle.close();
  }

  private check(offset: number, length: number, code: ZimErrorCode = 'ZIM_BAD_OFFSET'): void {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > this.size) {
      throw new ZimError(code, `read of ${length} bytes at ${offset} in a file of ${this.size}`);
    }
  }

  /** `length` bytes at `start` of `bytes`; a file that shrank since it was opened is truncated, not a short read. */
  private within(bytes: Buffer, start: number, length: number, offset: number): Buffer {
    if (start + length > bytes.length) throw new ZimError('ZIM_TRUNCATED', `the file ended before ${offset + length}`);
    return bytes.subarray(start, start + length);
  }

  /** Block `index` (shorter at the file's end), read once for every reader asking at the same time. */
  private block(index: number): Promise<Buffer> {
    const held = this.blocks.get(index);
    if (held) {
      // Map keeps insertion order: re-inserting makes this block the most recently used
      this.blocks.delete(index);
      this.blocks.set(index, held);
      return held;
    }
    const start = index * BLOCK_BYTES;
    const loading = this.readFile(start, Math.min(BLOCK_BYTES, this.size - start));
    this.blocks.set(index, loading);
    // a failed read is not kept: the next reader tries the file again
    loading.catch(() => this.blocks.get(index) === loading && this.blocks.delete(index));
    for (const oldest of this.blocks.keys()) {
      if (this.blocks.size <= CACHED_BLOCKS) break;
      this.blocks.delete(oldest);
    }
    return loading;
  }

  /** `length` bytes at `offset`, into the start of `into` when given. */
  private async readFile(offset: number, length: number, into?: Buffer): Promise<Buffer> {
    const buffer = into ? into.subarray(0, length) : Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(buffer, done, length - done, offset + done);
      if (bytesRead === 0) throw new ZimError('ZIM_TRUNCATED', `the file ended at ${offset + done}`);
      done += bytesRead;
    }
    return buffer;
  }
}
