import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asDiskFull } from '../disk-space.ts';

const SHA256 = /^[0-9a-f]{64}$/;
const EXT = /^[a-z0-9]{1,8}$/;

export const mediaRoot = (dataDir: string): string => path.join(dataDir, 'media');
export const tmpDir = (dataDir: string): string => path.join(mediaRoot(dataDir), 'tmp');

/** media/<first two hex>/<sha256>.<ext>; the name is checked before it touches the disk. */
export function mediaPath(dataDir: string, sha256: string, ext: string): string {
  if (!SHA256.test(sha256) || !EXT.test(ext)) throw new Error(`nombre de medio no válido: ${sha256}.${ext}`);
  return path.join(mediaRoot(dataDir), sha256.slice(0, 2), `${sha256}.${ext}`);
}

export class TooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`el archivo supera ${limit} bytes`);
    this.limit = limit;
  }
}

export interface Stored {
  sha256: string;
  size: number;
  head: Buffer;
  path: string;
}

/**
 * Streams bytes into the store: hashed on the way, refused as soon as they pass
 * `maxBytes`, written to a temp file that is fsynced and then renamed into its
 * content-addressed place (the same bytes twice are stored once). `decideExt`
 * sees the first bytes and the complete temp file and names the extension, or
 * throws to refuse. The temp file never outlives a failure; a full disk fails
 * with DISK_FULL.
 */
export async function storeStream(
  dataDir: string,
  source: Readable,
  decideExt: (head: Buffer, file: string) => string | Promise<string>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<Stored> {
  await fsp.mkdir(tmpDir(dataDir), { recursive: true });
  const tmp = path.join(tmpDir(dataDir), `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new TooLargeError(maxBytes));
      if (headLength < 64) {
        headChunks.push(chunk.subarray(0, 64 - headLength));
        headLength += Math.min(chunk.length, 64 - headLength);
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const out = fs.createWriteStream(tmp, { flags: 'wx' });
  try {
    await pipeline(source, meter, out);
    const head = Buffer.concat(headChunks);
    const ext = await decideExt(head, tmp);
    const sha256 = hash.digest('hex');
    const finalPath = await moveIntoStore(tmp, mediaPath(dataDir, sha256, ext));
    return { sha256, size, head, path: finalPath };
  } catch (error) {
    await fsp.rm(tmp, { force: true });
    throw asDiskFull(error);
  }
}

/**
 * Links a complete file that is already on the data disk (an assembled
 * upload, hashed by the caller) into its content-addressed place and leaves
 * it where it was: fsynced, linked, the folder fsynced. Until the caller has
 * recorded the rows that use it and removed the source, a kill leaves the
 * source whole (see store-intents.ts). false when the same bytes were stored
 * already: nothing was linked.
 */
export async function linkIntoStore(dataDir: string, file: string, sha256: string, ext: string): Promise<boolean> {
  const finalPath = mediaPath(dataDir, sha256, ext);
  await fsyncFile(file);
  await fsp.mkdir(path.dirname(finalPath), { recursive: true });
  try {
    await fsp.link(file, finalPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  await fsyncDir(path.dirname(finalPath));
  return true;
}

/*
 * The fsyncs wait on the disk (on an SD card, tens to hundreds of ms), so they
 * run on libuv's thread pool: the event loop keeps answering everyone else
 * while the request that needs them waits, in the same order as before.
 */
async function moveIntoStore(file: string, finalPath: string): Promise<string> {
  await fsyncFile(file);
  await fsp.mkdir(path.dirname(finalPath), { recursive: true });
  await fsp.rename(file, finalPath);
  await fsyncDir(path.dirname(finalPath));
  return finalPath;
}

/**
 * Moves a complete file on the data disk into its content-addressed place
 * (fsynced, renamed, the folder fsynced), for the two callers that must not
 * yield: the restore at start (nothing else runs yet) and a pack import's
 * moves, which sit between its read-only plan and its transaction. If the
 * same bytes are already stored, the identical copy replaces them.
 */
export function adoptFileSync(dataDir: string, file: string, sha256: string, ext: string): string {
  const finalPath = mediaPath(dataDir, sha256, ext);
  syncPathSync(file, 'r+');
  fs.mkdirSync(path.dirname(finalPath), { recursive: true });
  fs.renameSync(file, finalPath);
  fsyncDirSync(path.dirname(finalPath));
  return finalPath;
}

/** The sha256 of a file on disk, read as a stream. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

async function syncPath(file: string, flags: string): Promise<void> {
  const handle = await fsp.open(file, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function syncPathSync(file: string, flags: string): void {
  const fd = fs.openSync(file, flags);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export const fsyncFile = (file: string): Promise<void> => syncPath(file, 'r+');

/** A rename is durable only once its directory entry is on disk. */
export const fsyncDir = (dir: string): Promise<void> => syncPath(dir, 'r');

/** fsyncDir where the caller must not yield (see adoptFileSync). */
export const fsyncDirSync = (dir: string): void => syncPathSync(dir, 'r');

/** Partial files from a crash or a cut upload are never valid media: cleared at start. */
export function cleanPartialFiles(dataDir: string): number {
  const dir = tmpDir(dataDir);
  if (!fs.existsSync(dir)) return 0;
  const names = fs.readdirSync(dir);
  for (const name of names) fs.rmSync(path.join(dir, name), { force: true, recursive: true });
  return names.length;
}
