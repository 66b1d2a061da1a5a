import { createHash } from 'node:crypto';
import { ZimError } from './errors.ts';
import type { FileReader } from './file-reader.ts';

export interface ChecksumOptions {
  /** bytes hashed so far and the total, after each chunk */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** One read's worth: big enough to stream fast from an SD card, small enough to hold beside a cluster cache. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Streams everything before the stored MD5 (the file's last 16 bytes) through
 * MD5 and compares. Takes minutes on a multi-GB file on the kit, so it reports
 * progress and stops at the signal (rejecting with the signal's reason).
 */
export async function verifyChecksum(reader: FileReader, checksumPos: number, options: ChecksumOptions = {}): Promise<void> {
  const { onProgress, signal } = options;
  const hash = createHash('md5');
  for (let done = 0; done < checksumPos; ) {
    signal?.throwIfAborted();
    const chunk = await reader.read(done, Math.min(CHUNK_BYTES, checksumPos - done), 'ZIM_TRUNCATED');
    hash.update(chunk);
    done += chunk.length;
    onProgress?.(done, checksumPos);
  }
  signal?.throwIfAborted();
  const stored = await reader.read(checksumPos, 16, 'ZIM_TRUNCATED');
  const computed = hash.digest();
  if (!computed.equals(stored)) {
    throw new ZimError('ZIM_CHECKSUM', `stored ${stored.toString('hex')}, computed ${computed.toString('hex')}`);
  }
}
