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
export const CACHED_BLOCKS = 64;

/** A block: its place in the reader's slab (none when read into a buffer of its own), its bytes once read, and the readers between asking and copying out. */
interface Block {
  readonly place: Buffer | undefined;
  readonly loaded: Promise<Buffer>;
  users: number;
}

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
 *
 * The kept blocks live in one slab made at the first small read and reused
 * in place: a new buffer per block was the server's largest garbage under a
 * class of phones (8 MiB a second of 16 KiB buffers, kept long enough to
 * outlive the young generation and so freed only by a full collection;
 * docs/PERFORMANCE.md, "Reading: blocks in one slab, and malloc's fixed
 * thresholds"). Small reads therefore hand back a copy, and a block is
 * reused only when no reader is between asking for it and copying out of it.
 */
export class FileReader {
  private readonly handle: FileHandle;
  readonly size: number;
  private readonly blocks = new Map<number, Block>();
  /** the slab's places no block holds */
  private free: Buffer[] | undefined;

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

  /** Exactly `length` bytes at `offset`, in a buffer of the caller's; `code` names the refusal when they lie past the end. */
  async read(offset: number, length: number, code: ZimErrorCode = 'ZIM_BAD_OFFSET'): Promise<Buffer> {
    this.check(offset, length, code);
    if (length > BLOCK_BYTES) return this.readFile(offset, length);
    // at most one block long, so within one block or across two
    const into = Buffer.allocUnsafe(length);
    for (let at = 0; at < length; ) {
      const index = Math.floor((offset + at) / BLOCK_BYTES);
      const start = offset + at - index * BLOCK_BYTES;
      const part = Math.min(BLOCK_BYTES - start, length - at);
      at += await this.inBlock(index, start, part, (bytes) => bytes.copy(into, at));
    }
    return into;
  }

  /**
   * Runs `use` on the `length` bytes at `offset`, which it must not keep:
   * within one block they are a view of it, valid only while `use` runs, and
   * nothing is copied (finding an article parses a dozen dirents and
   * pointers, and a copy of each was most of the reader's garbage).
   */
  async view<T>(offset: number, length: number, use: (bytes: Buffer) => T): Promise<T> {
    this.check(offset, length);
    const index = Math.floor(offset / BLOCK_BYTES);
    const start = offset - index * BLOCK_BYTES;
    if (length === 0 || start + length > BLOCK_BYTES) return use(await this.read(offset, length));
    return this.inBlock(index, start, length, use);
  }

  /** view() of up to `length` bytes at `offset`, fewer where the file ends (for structures of unknown length). */
  viewUpTo<T>(offset: number, length: number, use: (bytes: Buffer) => T): Promise<T> {
    return this.view(offset, Math.max(0, Math.min(length, this.size - offset)), use);
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
    this.free = undefined;
    return this.handle.close();
  }

  private check(offset: number, length: number, code: ZimErrorCode = 'ZIM_BAD_OFFSET'): void {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > this.size) {
      throw new ZimError(code, `read of ${length} bytes at ${offset} in a file of ${this.size}`);
    }
  }

  /**
   * Runs `use` on `length` bytes at `start` of block `index`, read once for
   * every reader asking at the same time; a file that shrank since it was
   * opened is truncated, not a short read.
   */
  private async inBlock<T>(index: number, start: number, length: number, use: (bytes: Buffer) => T): Promise<T> {
    const block = this.block(index);
    block.users += 1;
    try {
      const bytes = await block.loaded;
      if (start + length > bytes.length) throw new ZimError('ZIM_TRUNCATED', `the file ended before ${index * BLOCK_BYTES + start + length}`);
      return use(bytes.subarray(start, start + length));
    } finally {
      block.users -= 1;
    }
  }

  /** Block `index` (shorter at the file's end): the kept one, or one being read now. */
  private block(index: number): Block {
    const held = this.blocks.get(index);
    if (held) {
      // Map keeps insertion order: re-inserting makes this block the most recently used
      this.blocks.delete(index);
      this.blocks.set(index, held);
      return held;
    }
    const start = index * BLOCK_BYTES;
    const place = this.place();
    const block: Block = { place, loaded: this.readFile(start, Math.min(BLOCK_BYTES, this.size - start), place), users: 0 };
    if (!place) return block;
    this.blocks.set(index, block);
    // a failed read is not kept: the next reader tries the file again
    block.loaded.catch(() => {
      if (this.blocks.get(index) !== block) return;
      this.blocks.delete(index);
      this.free?.push(place);
    });
    return block;
  }

  /**
   * A place for a new block: a free one, else that of the least recently used
   * block no reader is copying from; none while every kept block is in use
   * (the new one is then read into a buffer of its own, and not kept).
   */
  private place(): Buffer | undefined {
    if (!this.free) {
      const slab = Buffer.allocUnsafeSlow(CACHED_BLOCKS * BLOCK_BYTES);
      this.free = Array.from({ length: CACHED_BLOCKS }, (_, i) => slab.subarray(i * BLOCK_BYTES, (i + 1) * BLOCK_BYTES));
    }
    const free = this.free.pop();
    if (free) return free;
    for (const [index, block] of this.blocks) {
      if (block.users > 0) continue;
      this.blocks.delete(index);
      return block.place;
    }
    return undefined;
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
