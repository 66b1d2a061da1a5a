import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
 * sees the first bytes and the hash and names the extension, or throws to refuse.
 */
export async function storeStream(
  dataDir: string,
  source: Readable,
  decideExt: (head: Buffer) => string,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<Stored> {
  fs.mkdirSync(tmpDir(dataDir), { recursive: true });
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
    const ext = decideExt(head);
    const sha256 = hash.digest('hex');
    const fd = fs.openSync(tmp, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    const finalPath = mediaPath(dataDir, sha256, ext);
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    fs.renameSync(tmp, finalPath);
    fsyncDir(path.dirname(finalPath));
    return { sha256, size, head, path: finalPath };
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Moves a complete file that is already on the data disk (an assembled
 * upload, hashed by the caller) into its content-addressed place: fsynced,
 * renamed, the folder fsynced. If the same bytes are already stored, the
 * identical copy replaces them: still one file.
 */
export function adoptFile(dataDir: string, file: string, sha256: string, ext: string): string {
  const finalPath = mediaPath(dataDir, sha256, ext);
  fsyncFile(file);
  fs.mkdirSync(path.dirname(finalPath), { recursive: true });
  fs.renameSync(file, finalPath);
  fsyncDir(path.dirname(finalPath));
  return finalPath;
}

/** The sha256 of a file on disk, read as a stream. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** A rename is durable only once its directory entry is on disk. */
export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Partial files from a crash or a cut upload are never valid media: cleared at start. */
export function cleanPartialFiles(dataDir: string): number {
  const dir = tmpDir(dataDir);
  if (!fs.existsSync(dir)) return 0;
  const names = fs.readdirSync(dir);
  for (const name of names) fs.rmSync(path.join(dir, name), { force: true, recursive: true });
  return names.length;
}
