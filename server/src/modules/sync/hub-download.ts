import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isDiskFullError } from '../../disk-space.ts';
import { AppError } from '../../errors.ts';
import { fsyncFile } from '../../media/store.ts';

/**
 * Downloads `url` into `part`, resuming: if `part` already holds the first
 * bytes (a cut download), only the rest is asked for with a Range request.
 * A server that ignores the range answers 200 and the file starts over.
 * Resolves when `part` has exactly `size` bytes, fsynced.
 */
export async function downloadResumable(url: URL, part: string, size: number, onBytes: (n: number) => void): Promise<void> {
  let have = fs.existsSync(part) ? fs.statSync(part).size : 0;
  if (have > size) {
    fs.rmSync(part);
    have = 0;
  }
  if (have < size) {
    let response: Response;
    try {
      response = await fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {}, redirect: 'follow' });
    } catch {
      throw new AppError('SYNC_HUB_UNREACHABLE');
    }
    const resumed = response.status === 206 && response.headers.get('content-range')?.startsWith(`bytes ${have}-`) === true;
    if (!resumed && response.status !== 200) {
      await response.body?.cancel();
      throw new AppError('SYNC_HUB_UNREACHABLE', { status: response.status });
    }
    if (!resumed) have = 0;
    onBytes(have);
    const counter = async function* (source: AsyncIterable<Uint8Array>) {
      for await (const chunk of source) {
        onBytes(chunk.length);
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.fromWeb(response.body as never), counter, fs.createWriteStream(part, { flags: have > 0 ? 'a' : 'w' }));
    } catch (error) {
      // What arrived stays in `part` for the next attempt (also when the disk filled: the pack is still wanted).
      throw isDiskFullError(error) ? new AppError('DISK_FULL') : new AppError('PACK_TRUNCATED');
    }
  } else {
    onBytes(size);
  }
  const got = fs.statSync(part).size;
  if (got !== size) {
    if (got > size) fs.rmSync(part);
    throw new AppError('PACK_TRUNCATED');
  }
  await fsyncFile(part);
}
