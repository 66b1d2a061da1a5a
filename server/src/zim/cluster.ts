import { ZimError } from './errors.ts';

export type Compression = 'none' | 'xz' | 'zstd';

/** A cluster's first byte: the compression in the low four bits, bit 4 for 64-bit blob offsets. */
export interface ClusterInfo {
  compression: Compression;
  /** bytes per blob offset: 4, or 8 in an extended cluster */
  offsetWidth: 4 | 8;
}

/** The format's codes; 2 (zlib) and 3 (bzip2) were dropped from it long ago and are refused. */
const COMPRESSIONS: Record<number, Compression> = { 0: 'none', 1: 'none', 4: 'xz', 5: 'zstd' };

export function parseClusterInfo(byte: number): ClusterInfo {
  const compression = COMPRESSIONS[byte & 0x0f];
  if (!compression) throw new ZimError('ZIM_COMPRESSION', `cluster compression ${byte & 0x0f}`);
  return { compression, offsetWidth: byte & 0x10 ? 8 : 4 };
}

/** Reads `length` bytes at `pos` of a cluster's data (after its info byte), from the file or from memory. */
export type ClusterDataReader = (pos: number, length: number) => Promise<Buffer>;

/** Where a blob lies in its cluster's data, [start, end). */
export interface BlobSpan {
  start: number;
  end: number;
}

const readOffset = (bytes: Buffer, at: number, width: 4 | 8): number =>
  width === 4 ? bytes.readUInt32LE(at) : Number(bytes.readBigUInt64LE(at));

/**
 * The span of blob `blob` in cluster data of at most `dataLength` bytes. The
 * data opens with blob-count + 1 offsets (the first one also says how many),
 * relative to the data's start; each is checked against the data's length.
 */
export async function blobSpan(read: ClusterDataReader, dataLength: number, width: 4 | 8, blob: number): Promise<BlobSpan> {
  if (dataLength < width) throw new ZimError('ZIM_CORRUPT', 'a cluster too short for its offsets');
  const first = readOffset(await read(0, width), 0, width);
  if (first < width || first % width !== 0 || first > dataLength) {
    throw new ZimError('ZIM_CORRUPT', `a cluster's first blob offset ${first}`);
  }
  const blobCount = first / width - 1;
  if (blob >= blobCount) throw new ZimError('ZIM_BAD_OFFSET', `blob ${blob} of a cluster with ${blobCount}`);
  const pair = await read(blob * width, 2 * width);
  const start = readOffset(pair, 0, width);
  const end = readOffset(pair, width, width);
  if (start < first || end < start || end > dataLength) {
    throw new ZimError('ZIM_BAD_OFFSET', `blob ${blob} spans ${start}–${end} of ${dataLength} bytes`);
  }
  return { start, end };
}
