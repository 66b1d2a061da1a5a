/**
 * A small ZIM writer for tests only: no Debian tool writes xz clusters or the
 * old A/I/M layout any more, so the tests make those files with this. It
 * writes what the reader must handle and nothing more: header, MIME list,
 * clusters (stored, xz or zstd; 32- or 64-bit blob offsets), dirents sorted
 * by namespace and path, path and title pointer lists, the cluster pointer
 * list and the MD5.
 */
import { createHash } from 'node:crypto';
import { constants, zstdCompressSync } from 'node:zlib';
import { xz } from '@napi-rs/lzma';
import { ZIM_MAGIC } from '../src/zim/header.ts';

export interface TestEntry {
  namespace: string;
  path: string;
  /** omitted: the same as the path */
  title?: string;
  mimeType?: string;
  content?: string | Buffer;
  /** a redirect to the entry with this namespace and path */
  redirectTo?: { namespace: string; path: string };
}

export interface TestZimOptions {
  compression: 'none' | 'xz' | 'zstd';
  /** 64-bit blob offsets in every cluster */
  extended?: boolean;
  /** items per cluster */
  blobsPerCluster?: number;
  majorVersion?: number;
  /** 0: old layout (A, I, M); 1: current layout (C, M, W, X) */
  minorVersion: number;
  mainPage?: { namespace: string; path: string };
  /** no title pointer list in the header (the current writers' sentinel), only the listing entry */
  withoutHeaderTitleList?: boolean;
  /** add X/listing/titleOrdered/v1 listing the C pages (text/html) and redirects by title */
  titleListing?: boolean;
}

const COMPRESSION_CODE = { none: 1, xz: 4, zstd: 5 } as const;
const NO_PAGE = 0xffffffff;

const u16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u64 = (n: number | bigint): Buffer => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};

const sortKey = (namespace: string, text: string): Buffer => Buffer.concat([Buffer.from(namespace), Buffer.from(text, 'utf8')]);
const byKey = <T>(key: (t: T) => Buffer) => (a: T, b: T): number => Buffer.compare(key(a), key(b));

function compress(data: Buffer, compression: TestZimOptions['compression']): Buffer {
  if (compression === 'xz') return xz.compressSync(data);
  // as libzim writes them: a frame without its content size
  if (compression === 'zstd') return zstdCompressSync(data, { params: { [constants.ZSTD_c_contentSizeFlag]: 0 } });
  return data;
}

function clusterBytes(blobs: Buffer[], options: TestZimOptions): Buffer {
  const width = options.extended ? 8 : 4;
  const offsets: Buffer[] = [];
  let at = (blobs.length + 1) * width;
  for (const blob of [...blobs, undefined]) {
    offsets.push(width === 8 ? u64(at) : u32(at));
    at += blob?.length ?? 0;
  }
  const info = COMPRESSION_CODE[options.compression] | (options.extended ? 0x10 : 0);
  return Buffer.concat([Buffer.from([info]), compress(Buffer.concat([...offsets, ...blobs]), options.compression)]);
}

/** The bytes of a ZIM file holding `entries`. */
export function buildTestZim(input: TestEntry[], options: TestZimOptions): Buffer {
  const entries = [...input];
  if (options.titleListing) entries.push({ namespace: 'X', path: 'listing/titleOrdered/v1', mimeType: 'application/octet-stream+zimlisting' });
  entries.sort(byKey((e) => sortKey(e.namespace, e.path)));
  const indexOf = (namespace: string, path: string): number => {
    const index = entries.findIndex((e) => e.namespace === namespace && e.path === path);
    if (index === -1) throw new Error(`no entry ${namespace}/${path}`);
    return index;
  };
  const titleOf = (e: TestEntry): string => e.title ?? e.path;
  const byTitle = entries.map((e, index) => ({ e, index })).sort(byKey(({ e }) => sortKey(e.namespace, titleOf(e))));

  const contentOf = (e: TestEntry): Buffer => {
    if (e.path === 'listing/titleOrdered/v1' && e.namespace === 'X') {
      return Buffer.concat(byTitle.filter(({ e: t }) => t.namespace === 'C' && (t.mimeType === 'text/html' || t.redirectTo)).map(({ index }) => u32(index)));
    }
    return Buffer.isBuffer(e.content) ? e.content : Buffer.from(e.content ?? '', 'utf8');
  };

  const mimeTypes = [...new Set(entries.filter((e) => !e.redirectTo).map((e) => e.mimeType ?? 'text/plain'))];
  const perCluster = options.blobsPerCluster ?? 4;
  const blobs: Buffer[][] = [];
  const dirents = entries.map((e) => {
    const names = Buffer.concat([Buffer.from(e.path, 'utf8'), Buffer.from([0]), Buffer.from(e.title === undefined || e.title === e.path ? '' : e.title, 'utf8'), Buffer.from([0])]);
    const head = Buffer.concat([Buffer.from([0]), Buffer.from(e.namespace), u32(0)]);
    if (e.redirectTo) return Buffer.concat([u16(0xffff), head, u32(indexOf(e.redirectTo.namespace, e.redirectTo.path)), names]);
    if (blobs.length === 0 || (blobs.at(-1)?.length ?? 0) >= perCluster) blobs.push([]);
    const cluster = blobs.at(-1) ?? [];
    cluster.push(contentOf(e));
    return Buffer.concat([u16(mimeTypes.indexOf(e.mimeType ?? 'text/plain')), head, u32(blobs.length - 1), u32(cluster.length - 1), names]);
  });
  const clusters = blobs.map((b) => clusterBytes(b, options));

  const mimeList = Buffer.concat([...mimeTypes.map((m) => Buffer.from(`${m}\0`)), Buffer.from([0])]);
  // the order libzim writes: clusters first, then the dirents, so the last cluster has dirents behind it
  let at = 80 + mimeList.length;
  const place = (parts: Buffer[]): number[] =>
    parts.map((part) => {
      const pos = at;
      at += part.length;
      return pos;
    });
  const clusterPositions = place(clusters);
  const direntPositions = place(dirents);
  const pathPointerPos = at;
  const titlePointerPos = pathPointerPos + entries.length * 8;
  const clusterPointerPos = titlePointerPos + entries.length * 4;
  const checksumPos = clusterPointerPos + clusters.length * 8;

  const header = Buffer.concat([
    u32(ZIM_MAGIC),
    u16(options.majorVersion ?? 6),
    u16(options.minorVersion),
    createHash('md5').update(JSON.stringify(input.map((e) => [e.namespace, e.path]))).digest(),
    u32(entries.length),
    u32(clusters.length),
    u64(pathPointerPos),
    options.withoutHeaderTitleList ? u64(0xffffffffffffffffn) : u64(titlePointerPos),
    u64(clusterPointerPos),
    u64(80),
    u32(options.mainPage ? indexOf(options.mainPage.namespace, options.mainPage.path) : NO_PAGE),
    u32(NO_PAGE),
    u64(checksumPos),
  ]);
  const body = Buffer.concat([
    header,
    mimeList,
    ...clusters,
    ...dirents,
    ...direntPositions.map(u64),
    ...byTitle.map(({ index }) => u32(index)),
    ...clusterPositions.map(u64),
  ]);
  return Buffer.concat([body, createHash('md5').update(body).digest()]);
}
