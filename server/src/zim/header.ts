import { ZimError } from './errors.ts';
import { toOffset } from './file-reader.ts';

/** "ZIM\x04" read as a little-endian 32-bit number. */
export const ZIM_MAGIC = 0x044d495a;
export const HEADER_SIZE = 80;
/** A 32-bit page index meaning "no such page". */
const NO_PAGE = 0xffffffff;
/** Newer writers put this in the title pointer position when the title order lives in an entry instead. */
const NO_TITLE_LIST = 0xffffffffffffffffn;

export interface ZimHeader {
  majorVersion: number;
  minorVersion: number;
  /** the archive's uuid, as 8-4-4-4-12 hex */
  uuid: string;
  entryCount: number;
  clusterCount: number;
  pathPointerPos: number;
  /** undefined when the header carries no title list (see zim-file.ts for the listing entry) */
  titlePointerPos: number | undefined;
  clusterPointerPos: number;
  mimeListPos: number;
  /** index in path order, or undefined */
  mainPage: number | undefined;
  layoutPage: number | undefined;
  /** where the 16-byte MD5 sits: always the file's last 16 bytes */
  checksumPos: number;
}

const formatUuid = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The header of a file of `fileSize` bytes, from its first bytes (up to
 * HEADER_SIZE). Every position is checked to lie inside the file before
 * anything trusts it: the checksum must be the file's last 16 bytes (a
 * shorter file is a cut copy), and each pointer list must fit before it.
 */
export function parseHeader(bytes: Buffer, fileSize: number): ZimHeader {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== ZIM_MAGIC) throw new ZimError('ZIM_NOT_ZIM', 'no ZIM magic number');
  if (bytes.length < HEADER_SIZE) throw new ZimError('ZIM_TRUNCATED', `only ${bytes.length} header bytes`);
  const majorVersion = bytes.readUInt16LE(4);
  if (majorVersion !== 5 && majorVersion !== 6) throw new ZimError('ZIM_VERSION', `major version ${majorVersion}`);

  const entryCount = bytes.readUInt32LE(24);
  const clusterCount = bytes.readUInt32LE(28);
  const checksumPos = toOffset(bytes.readBigUInt64LE(72), 'checksum position');
  if (checksumPos > fileSize - 16) throw new ZimError('ZIM_TRUNCATED', `checksum at ${checksumPos} in a file of ${fileSize}`);
  if (checksumPos < fileSize - 16) throw new ZimError('ZIM_BAD_OFFSET', `checksum at ${checksumPos}, not the last 16 bytes`);

  /** A list of `count` items of `width` bytes at `pos` must lie between the header and the checksum. */
  const listAt = (pos: bigint, count: number, width: number, what: string): number => {
    const offset = toOffset(pos, what);
    if (offset < HEADER_SIZE || offset + count * width > checksumPos) {
      throw new ZimError('ZIM_BAD_OFFSET', `${what} at ${offset} (${count} × ${width} bytes) outside the file`);
    }
    return offset;
  };
  const pageIndex = (value: number, what: string): number | undefined => {
    if (value === NO_PAGE) return undefined;
    if (value >= entryCount) throw new ZimError('ZIM_BAD_OFFSET', `${what} ${value} of ${entryCount} entries`);
    return value;
  };
  const titlePos = bytes.readBigUInt64LE(40);

  return {
    majorVersion,
    minorVersion: bytes.readUInt16LE(6),
    uuid: formatUuid(bytes.subarray(8, 24)),
    entryCount,
    clusterCount,
    pathPointerPos: listAt(bytes.readBigUInt64LE(32), entryCount, 8, 'path pointer list'),
    titlePointerPos: titlePos === NO_TITLE_LIST ? undefined : listAt(titlePos, entryCount, 4, 'title pointer list'),
    clusterPointerPos: listAt(bytes.readBigUInt64LE(48), clusterCount, 8, 'cluster pointer list'),
    mimeListPos: listAt(bytes.readBigUInt64LE(56), 1, 1, 'MIME list'),
    mainPage: pageIndex(bytes.readUInt32LE(64), 'main page'),
    layoutPage: pageIndex(bytes.readUInt32LE(68), 'layout page'),
    checksumPos,
  };
}
