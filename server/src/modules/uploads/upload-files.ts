import type { Hash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { finished, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fsyncFile } from '../../media/store.ts';
import { SNIFF_BYTES } from '../../media/sniff.ts';
import { withoutControls } from '../../plain-text.ts';

/*
 * The bytes of uploads in progress, on the data disk next to the store so a
 * finished file is renamed into place, never copied. Resumable uploads keep
 * uploads/<id>.part (the file's length is the offset a client resumes from);
 * names are 32 hex characters we made, checked before touching the disk.
 */

const UPLOAD_ID = /^[0-9a-f]{32}$/;

export const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');

export function partPath(dataDir: string, id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error(`identificador de subida no válido: ${id}`);
  return path.join(uploadsDir(dataDir), `${id}.part`);
}

/** Bytes held for an upload; 0 when its file is gone. */
export function partSize(dataDir: string, id: string): number {
  try {
    return fs.statSync(partPath(dataDir, id)).size;
  } catch {
    return 0;
  }
}

export function createPart(dataDir: string, id: string): void {
  fs.mkdirSync(uploadsDir(dataDir), { recursive: true });
  fs.closeSync(fs.openSync(partPath(dataDir, id), 'wx'));
}

/**
 * Back to the `length` bytes it held before a write the full disk cut: what
 * that write added was never acknowledged, and the space is wanted back.
 */
export async function cutBack(file: string, length: number): Promise<void> {
  await fsp.truncate(file, length);
  await fsyncFile(file);
}

export function removePart(dataDir: string, id: string): void {
  fs.rmSync(partPath(dataDir, id), { force: true });
}

/** Part files whose id is not in `keep` (their row is gone): leftovers of deleted drafts or accounts. */
export function orphanPartIds(dataDir: string, keep: ReadonlySet<string>): string[] {
  const dir = uploadsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => /^([0-9a-f]{32})\.part$/.exec(name)?.[1] ?? name)
    .filter((id) => !keep.has(id));
}

/** Removes a leftover by the name listed in the uploads folder (ids or stray names). */
export function removeUploadsEntry(dataDir: string, idOrName: string): void {
  const name = UPLOAD_ID.test(idOrName) ? `${idOrName}.part` : path.basename(idOrName);
  fs.rmSync(path.join(uploadsDir(dataDir), name), { force: true, recursive: true });
}

/** The first bytes of a file; read off the event loop (a cold read from an SD card waits on the card). */
export async function readHead(file: string, length: number = SNIFF_BYTES): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Bytes of a refused body read and thrown away so the answer reaches the phone; past this the link is closed. */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/**
 * After a refusal the client may still be sending. Reading the rest (up to
 * DRAIN_MAX_BYTES) and throwing it away lets it read our answer; closing the
 * connection at once could make its network stack drop that answer.
 */
function drainOrClose(source: Readable): void {
  if (source.destroyed || source.readableEnded) return;
  let drained = 0;
  source.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) source.destroy();
  });
  source.on('error', () => undefined);
  source.resume();
}

/** A sha256 being computed while the bytes arrive; `upto` is how many bytes it has seen. */
export interface RunningHash {
  hash: Hash;
  upto: number;
}

export interface AppendOptions {
  file: string;
  /** where the new bytes go: the file's current length */
  offset: number;
  /** the declared size of the whole file: a byte beyond it is refused */
  total: number;
  source: Readable;
  /**
   * Called once the file's first SNIFF_BYTES are known (or the file is
   * complete and shorter): throws to refuse the file before more is written.
   * Not called when the head was checked before (`offset` is past it).
   */
  checkHead?: ((head: Buffer) => void) | undefined;
  /** updated with every byte written, when it covers exactly the bytes before `offset` */
  running?: RunningHash | undefined;
  /** raised when the bytes would pass `total` */
  overflow: () => Error;
  /** a cut append is resumed from what reached the file, so that is made durable too */
  resumable: boolean;
}

export interface AppendResult {
  written: number;
  /** the head was checked during this append */
  headChecked: boolean;
}

/**
 * Streams bytes onto the end of a part file: never more than one chunk in
 * memory (backpressure from the disk reaches the socket), counted against the
 * declared size while they arrive, the file type decided from the first bytes
 * before anything past them is written. What reached the file is fsynced
 * before this returns, or throws because the link was cut in a resumable
 * upload, so the offset the server reports next survives a power cut (refused
 * bytes are deleted, never kept). The fsync runs on libuv's thread pool: while
 * this request waits for the disk, the event loop keeps answering the others.
 */
export async function appendStream(o: AppendOptions): Promise<AppendResult> {
  let written = 0;
  let headChecked = false;
  const needHead = o.checkHead !== undefined && o.offset < SNIFF_BYTES;
  // Only the part of the head already on disk is read back (never more than
  // SNIFF_BYTES): a resumed upload's file may be hundreds of MB.
  const head: Buffer[] = needHead && o.offset > 0 ? [await readHead(o.file, o.offset)] : [];
  let headLength = head[0]?.length ?? 0;
  let running = o.running?.upto === o.offset ? o.running : undefined;
  let refused = false;

  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const at = o.offset + written;
      if (at + chunk.length > o.total) {
        refused = true;
        return done(o.overflow());
      }
      if (needHead && !headChecked) {
        if (headLength < SNIFF_BYTES) {
          const part = chunk.subarray(0, SNIFF_BYTES - headLength);
          head.push(part);
          headLength += part.length;
        }
        if (headLength >= SNIFF_BYTES || at + chunk.length === o.total) {
          try {
            o.checkHead?.(Buffer.concat(head));
          } catch (error) {
            refused = true;
            return done(error as Error);
          }
          headChecked = true;
        }
      }
      if (running) {
        running.hash.update(chunk);
        running.upto += chunk.length;
      }
      written += chunk.length;
      done(null, chunk);
    },
  });
  const out = fs.createWriteStream(o.file, { flags: 'r+', start: o.offset });
  // Not pipeline(source, …): on a refusal it would destroy the request, and the
  // answer saying why could no longer reach the phone.
  const writing = pipeline(meter, out);
  const stopWatching = finished(o.source, (error) => {
    if (error) meter.destroy(error);
  });
  o.source.pipe(meter);
  try {
    await writing;
  } catch (error) {
    // The bytes may not all have reached the file: the running hash no longer matches it.
    if (running) running.upto = -1;
    running = undefined;
    o.source.unpipe(meter);
    try {
      // A cut upload goes on from what reached the disk; refused bytes are deleted by the caller.
      if (o.resumable && !refused) await fsyncFile(o.file);
    } finally {
      drainOrClose(o.source);
    }
    throw error;
  } finally {
    stopWatching();
  }
  await fsyncFile(o.file);
  return { written, headChecked };
}

/** Characters that never belong in a shown file name besides controls: C1 controls, bidi overrides. */
const INVISIBLE = /[\u0080-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SPECIAL = /[<>:"|?*]/g;
export const DISPLAY_NAME_MAX = 120;

/**
 * A client's file name, made safe to show: its last path segment only (no
 * folders, no ../), no control or bidi characters, no leading dots, spaces
 * collapsed, at most DISPLAY_NAME_MAX characters (the extension kept). It is
 * only ever shown: files are named by their sha256. null when nothing is left.
 */
export function displayName(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  let name = withoutControls(raw.normalize('NFC')).replace(INVISIBLE, '');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.replace(SPECIAL, '_').replace(/\s+/g, ' ').trim().replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  const chars = [...name];
  if (chars.length > DISPLAY_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 9 ? name.slice(dot) : '';
    name = chars.slice(0, DISPLAY_NAME_MAX - [...ext].length).join('').trimEnd() + ext;
  }
  return name === '' ? null : name;
}
