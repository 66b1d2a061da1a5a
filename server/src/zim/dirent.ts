import { ZimError } from './errors.ts';
import type { FileReader } from './file-reader.ts';

const REDIRECT = 0xffff;
/** Link targets and deleted entries: old placeholders with no content. */
const LINK_TARGET = 0xfffe;
const DELETED = 0xfffd;

/** A directory entry as the file stores it; `index` is its place in path order. */
export type Dirent =
  | { kind: 'item'; index: number; namespace: string; path: string; title: string; mimeIndex: number; cluster: number; blob: number }
  | { kind: 'redirect'; index: number; namespace: string; path: string; title: string; target: number }
  | { kind: 'placeholder'; index: number; namespace: string; path: string; title: string };

/** A dirent read this far is refused: path and title are short strings, the parameter at most 255 bytes. */
const MAX_DIRENT_BYTES = 64 * 1024;
const FIRST_READ = 512;

/** The fixed part's length before the path, by kind. */
const fixedLength = (mime: number): number => (mime === REDIRECT ? 12 : mime === LINK_TARGET || mime === DELETED ? 8 : 16);

/** The dirent in `bytes`, or undefined when `bytes` ends before it does. */
export function parseDirent(bytes: Buffer, index: number): Dirent | undefined {
  if (bytes.length < 8) return undefined;
  const mime = bytes.readUInt16LE(0);
  const parameterLength = bytes.readUInt8(2);
  const namespace = String.fromCharCode(bytes.readUInt8(3));
  const fixed = fixedLength(mime);
  const pathEnd = bytes.indexOf(0, fixed);
  const titleEnd = pathEnd === -1 ? -1 : bytes.indexOf(0, pathEnd + 1);
  if (titleEnd === -1 || titleEnd + 1 + parameterLength > bytes.length) return undefined;
  const path = bytes.toString('utf8', fixed, pathEnd);
  // an empty title means "same as the path"
  const title = titleEnd === pathEnd + 1 ? path : bytes.toString('utf8', pathEnd + 1, titleEnd);
  const base = { index, namespace, path, title };
  if (mime === REDIRECT) return { ...base, kind: 'redirect', target: bytes.readUInt32LE(8) };
  if (fixed === 8) return { ...base, kind: 'placeholder' };
  return { ...base, kind: 'item', mimeIndex: mime, cluster: bytes.readUInt32LE(8), blob: bytes.readUInt32LE(12) };
}

/** Reads the dirent at `offset`, growing the read until the whole entry is in hand. */
export async function readDirent(reader: FileReader, offset: number, index: number): Promise<Dirent> {
  for (let length = FIRST_READ; ; length = Math.min(length * 4, MAX_DIRENT_BYTES)) {
    const { dirent, got } = await reader.viewUpTo(offset, length, (bytes) => ({ dirent: parseDirent(bytes, index), got: bytes.length }));
    if (dirent) return dirent;
    if (got < length) throw new ZimError('ZIM_TRUNCATED', `dirent ${index} at ${offset} runs past the end`);
    if (length === MAX_DIRENT_BYTES) throw new ZimError('ZIM_CORRUPT', `dirent ${index} at ${offset} has no end`);
  }
}
