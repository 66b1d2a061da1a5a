import fsp, { type FileHandle } from 'node:fs/promises';
import { SNIFF_BYTES, sniff, SNIFFED_TYPES, type Sniffed } from './sniff.ts';

declare const derived: unique symbol;

/**
 * A stored file's type, as its bytes say. Only fileTypeOf makes one (the
 * brand), and a media row takes nothing else (media.repo.ts insertMedia): what
 * a file name, a form's Content-Type or a pack's manifest claims never
 * reaches the store or an answer.
 */
export type FileType = Readonly<{ mime: string; ext: string; typeCode: Sniffed['typeCode'] | null }> & { readonly [derived]: true };

const derive = (type: { mime: string; ext: string; typeCode: Sniffed['typeCode'] | null }): FileType => type as FileType;

/** Bytes of no type the kit knows: kept, and served only as a download. */
export const UNKNOWN_TYPE = derive({ mime: 'application/octet-stream', ext: 'bin', typeCode: null });
/** A zip that is not an Android package (no AndroidManifest.xml): the library still takes it as an app, as before. */
const ZIP_TYPE = derive({ mime: 'application/zip', ext: 'zip', typeCode: 5 });
/** Windows programs, for the old computers the browser downloads serve. */
const WINDOWS_TYPE = derive({ mime: 'application/vnd.microsoft.portable-executable', ext: 'exe', typeCode: null });

/**
 * The one place a file's type comes from: its first bytes (sniff.ts), and
 * for a zip its central directory, which says whether it is an Android
 * package. Anything else is UNKNOWN_TYPE. Every door into the media store
 * uses it on the file it is about to store.
 */
export async function fileTypeOf(file: string): Promise<FileType> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = await readAt(handle, 0, SNIFF_BYTES);
    const kind = sniff(head);
    if (kind?.typeCode === 5) return (await zipHolds(handle, ANDROID_MANIFEST)) ? derive(kind) : ZIP_TYPE;
    if (kind) return derive(kind);
    if (head[0] === 0x4d && head[1] === 0x5a) return WINDOWS_TYPE;
    return UNKNOWN_TYPE;
  } finally {
    await handle.close();
  }
}

/**
 * Types a browser only displays or plays, never runs: the only ones served
 * inline (pictures, PDF, audio, video). SVG is a picture that can carry
 * scripts, so it is not here (and the sniffer never calls anything SVG).
 * Listed by hand on purpose: teaching the sniffer a new type must not make
 * it inline by itself.
 */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
  'audio/wav',
  'video/mp4',
  'video/webm',
]);

export const isInline = (mime: string): boolean => INLINE_TYPES.has(mime);

/** Every `ext mime` pair fileTypeOf can give: a stored row with another pair was typed by a claim (media/retype.ts). */
export const DERIVED_PAIRS: readonly string[] = [...SNIFFED_TYPES, ZIP_TYPE, WINDOWS_TYPE, UNKNOWN_TYPE].map((t) => `${t.ext} ${t.mime}`);

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, position);
  return buffer.subarray(0, bytesRead);
}

const ANDROID_MANIFEST = 'AndroidManifest.xml';
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_MIN_BYTES = 22;
const COMMENT_MAX_BYTES = 0xffff;
/** An app's directory is a few hundred KB at most; a bigger one is not read. */
const DIRECTORY_MAX_BYTES = 16 * 1024 * 1024;

/** Whether a zip's central directory (read from its end, as unzip does) lists `name`. */
async function zipHolds(handle: FileHandle, name: string): Promise<boolean> {
  const { size } = await handle.stat();
  const tailLength = Math.min(size, END_MIN_BYTES + COMMENT_MAX_BYTES);
  const tail = await readAt(handle, size - tailLength, tailLength);
  for (let at = tail.length - END_MIN_BYTES; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    const length = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    if (length > DIRECTORY_MAX_BYTES || offset + length > size) return false;
    const directory = await readAt(handle, offset, length);
    for (let entry = 0; entry + 46 <= directory.length && directory.readUInt32LE(entry) === DIRECTORY_ENTRY; ) {
      const nameLength = directory.readUInt16LE(entry + 28);
      if (directory.toString('utf8', entry + 46, entry + 46 + nameLength) === name) return true;
      entry += 46 + nameLength + directory.readUInt16LE(entry + 30) + directory.readUInt16LE(entry + 32);
    }
    return false;
  }
  return false;
}
