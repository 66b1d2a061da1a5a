import { open, type FileHandle } from 'node:fs/promises';
import { ZimError, type ZimErrorCode } from './errors.ts';

/** A 64-bit file position as a number, refused when beyond what a number holds exactly. */
export function toOffset(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZimError('ZIM_BAD_OFFSET', `${what} ${value} is too large`);
  return Number(value);
}

/**
 * Positional reads from one open ZIM file. Never reads the file whole: every
 * structure is fetched by offset, and every read is checked against the size
 * first, so a pointer past the end is a refusal rather than a short buffer.
 */
export class FileReader {
  private readonly handle: FileHandle;
  readonly size: number;

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
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > this.size) {
      throw new ZimError(code, `read of ${length} bytes at ${offset} in a file of ${this.size}`);
    }
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(buffer, done, length - done, offset + done);
      if (bytesRead === 0) throw new ZimError('ZIM_TRUNCATED', `the file ended at ${offset + done}`);
      done += bytesRead;
    }
    return buffer;
  }

  /** Up to `length` bytes at `offset`, fewer where the file ends (for structures of unknown length). */
  readUpTo(offset: number, length: number): Promise<Buffer> {
    return this.read(offset, Math.max(0, Math.min(length, this.size - offset)));
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
