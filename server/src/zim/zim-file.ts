import { Readable } from 'node:stream';
import { verifyChecksum, type ChecksumOptions } from './checksum.ts';
import { blobSpan, parseClusterInfo, type BlobSpan, type ClusterDataReader } from './cluster.ts';
import { ClusterCache } from './cluster-cache.ts';
import { readDirent, type Dirent } from './dirent.ts';
import { ZimError } from './errors.ts';
import { FileReader, toOffset } from './file-reader.ts';
import { HEADER_SIZE, parseHeader, type ZimHeader } from './header.ts';
import {
  INDEX_NAMESPACE,
  METADATA_NAMESPACE,
  WELL_KNOWN_NAMESPACE,
  articleNamespace,
  contentPathOf,
  layoutOf,
  parseContentPath,
  type Layout,
} from './layout.ts';
import { readMimeList } from './mime-list.ts';
import { RecentItems } from './recent-items.ts';
import { pathOrder, titleOrderOf, type TitleOrder } from './title-order.ts';
import { decompressXz } from './xz.ts';
import { decodeZstd, keepDecoded, type DecodedBytes } from './zstd-wasm.ts';

export interface ZimOpenOptions {
  /** bytes of decompressed clusters kept per open file */
  clusterCacheBytes?: number;
  /** bytes of small items kept whole for readers (readForReader) */
  recentItemBytes?: number;
  /** a cluster decompressing beyond this is refused (ZIM_TOO_LARGE) */
  maxClusterBytes?: number;
  /** runs each decompression (a cluster's compressed bytes and its output held meanwhile); one for the process bounds them all */
  decompressions?: JobLimiter;
}

/** Runs jobs a few at a time (ConcurrencyLimiter in the server). */
export interface JobLimiter {
  run<T>(job: () => Promise<T>): Promise<T>;
}

const UNLIMITED: JobLimiter = { run: (job) => job() };

/** How far a read decodes a compressed cluster: to its item's blob, or whole (for a pass over every item). */
type Reach = 'blob' | 'whole';

/** Reads from a decoded cluster (blobSpan checks the bounds first). */
const decodedReader =
  (data: DecodedBytes): ClusterDataReader =>
  (pos, length) =>
    Promise.resolve(data.copy(pos, pos + length));

/**
 * Two clusters of a little over 2 MiB, each holding 3 MiB (its frame's bound
 * in whole MiBs), whole or in part: what a page's next article or style
 * sheet is likely to need again; kept in the decoder's memory, which grows
 * with this bound (docs/PERFORMANCE.md, "Reading: only the blocks up to the article").
 */
export const DEFAULT_CLUSTER_CACHE_BYTES = 6 * 1024 * 1024;
/** About 500 articles of a few KiB; a long page up to 64 KiB is kept too. */
const DEFAULT_RECENT_ITEM_BYTES = 1024 * 1024;
const RECENT_ITEM_MAX_BYTES = 64 * 1024;
/** Real clusters are about 2 MiB; the bound keeps a hostile one from exhausting the kit's memory. */
export const DEFAULT_MAX_CLUSTER_BYTES = 64 * 1024 * 1024;

type WithPath<D> = D & { contentPath: string | undefined };
export type ZimItem = WithPath<Extract<Dirent, { kind: 'item' }>> & { mimeType: string };
export type ZimRedirect = WithPath<Extract<Dirent, { kind: 'redirect' }>>;
export type ZimEntry = ZimItem | ZimRedirect | WithPath<Extract<Dirent, { kind: 'placeholder' }>>;

/** Bytes first..last of an item, both included (the shape of an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where an item's bytes are: a span of the file (stored clusters), or copied out of its decompressed cluster. */
type ItemBytes = { in: 'file'; start: number; end: number } | { in: 'memory'; bytes: Buffer };

const MAX_REDIRECT_HOPS = 16;
/**
 * Metadata are a dozen short texts (a long description is a few KiB); a
 * larger value is skipped and the names past the count ignored, so a hostile
 * file cannot make metadata() hold more than a few MiB.
 */
const MAX_METADATA_TEXT_BYTES = 16 * 1024;
const MAX_METADATA_ENTRIES = 256;
const STREAM_CHUNK_BYTES = 64 * 1024;
const TITLE_BATCH = 1024;

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

/** Entries sort by namespace, then by the bytes of their path (or title): the order the lists are in. */
function compareKey(namespace: string, key: string | Buffer, otherNamespace: string, otherKey: string | Buffer): number {
  if (namespace !== otherNamespace) return namespace < otherNamespace ? -1 : 1;
  return Buffer.compare(typeof key === 'string' ? utf8(key) : key, typeof otherKey === 'string' ? utf8(otherKey) : otherKey);
}

/**
 * Entries whose keys are kept for lookups by path: every step-th, a few
 * hundred KiB at most whatever the file's size. A lookup then reads one
 * slice of the pointer list and a few dirents, instead of a pointer and a
 * dirent for every halving of the whole list (17 of each for 100 000
 * entries, each a trip through the thread pool).
 */
const PATH_GRID_POINTS = 1024;
/** Dirents read at once while the grid is built. */
const PATH_GRID_READS = 32;

interface PathGrid {
  step: number;
  keys: Array<{ namespace: string; path: Buffer }>;
}

/**
 * One open ZIM file. Reads structures by offset as asked, keeps only a bounded
 * cache of decompressed clusters, and gives callers one view of both
 * namespace layouts: content paths, metadata, the main page, titles.
 */
export class ZimFile {
  readonly layout: Layout;
  readonly header: ZimHeader;
  readonly mimeTypes: readonly string[];
  private readonly reader: FileReader;
  private readonly maxClusterBytes: number;
  private readonly cache: ClusterCache;
  private readonly recentItems: RecentItems;
  private readonly decompressions: JobLimiter;
  private titleOrderOnce: Promise<TitleOrder> | undefined;
  private articleOrderOnce: Promise<TitleOrder> | undefined;
  private pathGridOnce: Promise<PathGrid> | undefined;

  private constructor(reader: FileReader, header: ZimHeader, mimeTypes: readonly string[], options: ZimOpenOptions) {
    this.reader = reader;
    this.header = header;
    this.mimeTypes = mimeTypes;
    this.maxClusterBytes = options.maxClusterBytes ?? DEFAULT_MAX_CLUSTER_BYTES;
    this.layout = layoutOf(header);
    this.cache = new ClusterCache(options.clusterCacheBytes ?? DEFAULT_CLUSTER_CACHE_BYTES);
    this.recentItems = new RecentItems(options.recentItemBytes ?? DEFAULT_RECENT_ITEM_BYTES, RECENT_ITEM_MAX_BYTES);
    this.decompressions = options.decompressions ?? UNLIMITED;
  }

  static async open(path: string, options: ZimOpenOptions = {}): Promise<ZimFile> {
    const reader = await FileReader.open(path);
    try {
      const header = parseHeader(await reader.readUpTo(0, HEADER_SIZE), reader.size);
      const mimeTypes = await readMimeList(reader, header.mimeListPos, header.checksumPos);
      return new ZimFile(reader, header, mimeTypes, options);
    } catch (error) {
      await reader.close();
      throw error;
    }
  }

  get fileSize(): number {
    return this.reader.size;
  }

  /** Bytes of decompressed clusters held now (never above the cache bound). */
  get cacheBytes(): number {
    return this.cache.bytes;
  }

  close(): Promise<void> {
    this.cache.close();
    return this.reader.close();
  }

  /** The entry at `index` in path order. */
  async entryAt(index: number): Promise<ZimEntry> {
    if (!Number.isInteger(index) || index < 0 || index >= this.header.entryCount) {
      throw new ZimError('ZIM_BAD_OFFSET', `entry ${index} of ${this.header.entryCount}`);
    }
    const pointer = await this.reader.view(this.header.pathPointerPos + index * 8, 8, (bytes) => bytes.readBigUInt64LE(0));
    return this.entryAtPointer(index, pointer);
  }

  /** The entry at `index`, whose dirent the path pointer list puts at `pointer`. */
  private async entryAtPointer(index: number, pointer: bigint): Promise<ZimEntry> {
    const offset = toOffset(pointer, `dirent ${index}`);
    if (offset < HEADER_SIZE || offset >= this.header.checksumPos) {
      throw new ZimError('ZIM_BAD_OFFSET', `dirent ${index} at ${offset}`);
    }
    return this.toEntry(await readDirent(this.reader, offset, index));
  }

  private toEntry(dirent: Dirent): ZimEntry {
    const contentPath = contentPathOf(this.layout, dirent.namespace, dirent.path);
    if (dirent.kind === 'redirect' && dirent.target >= this.header.entryCount) {
      throw new ZimError('ZIM_BAD_OFFSET', `redirect ${dirent.index} to entry ${dirent.target}`);
    }
    if (dirent.kind !== 'item') return { ...dirent, contentPath };
    const mimeType = this.mimeTypes[dirent.mimeIndex];
    if (mimeType === undefined) throw new ZimError('ZIM_CORRUPT', `entry ${dirent.index} has MIME type ${dirent.mimeIndex}`);
    if (dirent.cluster >= this.header.clusterCount) {
      throw new ZimError('ZIM_BAD_OFFSET', `entry ${dirent.index} in cluster ${dirent.cluster} of ${this.header.clusterCount}`);
    }
    return { ...dirent, contentPath, mimeType };
  }

  /** The keys of every step-th entry in path order, read once, at the first lookup by path. */
  private pathGrid(): Promise<PathGrid> {
    this.pathGridOnce ??= (async () => {
      const { entryCount } = this.header;
      const step = Math.max(1, Math.ceil(entryCount / PATH_GRID_POINTS));
      const keys: PathGrid['keys'] = [];
      for (let point = 0; point * step < entryCount; point += PATH_GRID_READS) {
        const indices = Array.from({ length: Math.min(PATH_GRID_READS, Math.ceil(entryCount / step) - point) }, (_, i) => (point + i) * step);
        for (const entry of await Promise.all(indices.map((index) => this.entryAt(index)))) keys.push({ namespace: entry.namespace, path: utf8(entry.path) });
      }
      return { step, keys };
    })();
    return this.pathGridOnce;
  }

  /** The first path-order index whose (namespace, path) is not below the one given. */
  private async lowerBoundByPath(namespace: string, path: string): Promise<number> {
    const key = utf8(path);
    const { step, keys } = await this.pathGrid();
    // The first grid point not below the key: the answer lies after the point before it, up to this one.
    let point = 0;
    for (let high = keys.length; point < high; ) {
      const middle = Math.floor((point + high) / 2);
      const at = keys[middle] as PathGrid['keys'][number];
      if (compareKey(at.namespace, at.path, namespace, key) < 0) point = middle + 1;
      else high = middle;
    }
    let low = point === 0 ? 0 : (point - 1) * step + 1;
    let high = point === keys.length ? this.header.entryCount : point * step;
    const first = low;
    const pointers = await this.reader.read(this.header.pathPointerPos + first * 8, (high - first) * 8);
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const entry = await this.entryAtPointer(middle, pointers.readBigUInt64LE((middle - first) * 8));
      if (compareKey(entry.namespace, entry.path, namespace, key) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The entry with this namespace and path, by binary search of the path pointer list. */
  async findByPath(namespace: string, path: string): Promise<ZimEntry | undefined> {
    const index = await this.lowerBoundByPath(namespace, path);
    if (index >= this.header.entryCount) return undefined;
    const entry = await this.entryAt(index);
    return entry.namespace === namespace && entry.path === path ? entry : undefined;
  }

  /** The content entry at a content path ("Árbol" in current files, "A/Árbol" in old ones). */
  findContent(contentPath: string): Promise<ZimEntry | undefined> {
    const key = parseContentPath(this.layout, contentPath);
    return key ? this.findByPath(key.namespace, key.path) : Promise.resolve(undefined);
  }

  /** Follows redirects to the item they reach; undefined for a placeholder. */
  async resolve(entry: ZimEntry): Promise<ZimItem | undefined> {
    let current = entry;
    for (let hops = 0; hops <= MAX_REDIRECT_HOPS; hops++) {
      if (current.kind === 'item') return current;
      if (current.kind === 'placeholder') return undefined;
      current = await this.entryAt(current.target);
    }
    throw new ZimError('ZIM_REDIRECT_LOOP', `entry ${entry.index} redirects more than ${MAX_REDIRECT_HOPS} times`);
  }

  /** The page a reader opens first: the header's, or W/mainPage in current files. */
  async mainPage(): Promise<ZimItem | undefined> {
    const { mainPage } = this.header;
    const entry =
      mainPage !== undefined
        ? await this.entryAt(mainPage)
        : this.layout === 'unified'
          ? await this.findByPath(WELL_KNOWN_NAMESPACE, 'mainPage')
          : undefined;
    return entry && this.resolve(entry);
  }

  /** The metadata item by name (e.g. Illustration_48x48@1 for the icon). */
  async metadataItem(name: string): Promise<ZimItem | undefined> {
    const entry = await this.findByPath(METADATA_NAMESPACE, name);
    return entry && this.resolve(entry);
  }

  /** Every text metadata value by name: Title, Description, Language, Creator, Publisher, Date, Name, Tags, Counter… */
  async metadata(): Promise<Record<string, string>> {
    const values: Record<string, string> = {};
    const first = await this.lowerBoundByPath(METADATA_NAMESPACE, '');
    const last = Math.min(this.header.entryCount, first + MAX_METADATA_ENTRIES);
    for (let index = first; index < last; index++) {
      const entry = await this.entryAt(index);
      if (entry.namespace !== METADATA_NAMESPACE) break;
      const item = await this.resolve(entry);
      const bytes = item?.mimeType.startsWith('text/') ? await this.readItemUpTo(item, MAX_METADATA_TEXT_BYTES) : undefined;
      if (bytes) values[entry.path] = bytes.toString('utf8');
    }
    return values;
  }

  /** A listing entry of current files (X/listing/titleOrdered/v0: all entries, v1: front articles) as a title order. */
  private async listing(version: 'v0' | 'v1'): Promise<TitleOrder | undefined> {
    const entry = await this.findByPath(INDEX_NAMESPACE, `listing/titleOrdered/${version}`);
    const item = entry && (await this.resolve(entry));
    if (!item) return undefined;
    const count = Math.floor((await this.itemSize(item)) / 4);
    return titleOrderOf(count, this.header.entryCount, (offset, length) => this.readItem(item, { start: offset, end: offset + length - 1 }));
  }

  /** Every entry by title: the header's list, else the full listing, else path order (as the reference reader falls back). */
  private titleOrder(): Promise<TitleOrder> {
    this.titleOrderOnce ??= (async () => {
      const { titlePointerPos, entryCount } = this.header;
      if (titlePointerPos !== undefined) {
        return titleOrderOf(entryCount, entryCount, (offset, length) => this.reader.read(titlePointerPos + offset, length));
      }
      return (await this.listing('v0')) ?? (await this.listing('v1')) ?? pathOrder(entryCount);
    })();
    return this.titleOrderOnce;
  }

  /** The articles by title: the front-article listing where the file has one, else every entry. */
  private articleOrder(): Promise<TitleOrder> {
    this.articleOrderOnce ??= (async () => (await this.listing('v1')) ?? (await this.titleOrder()))();
    return this.articleOrderOnce;
  }

  /** The content entry (A or C) with this exact title, by binary search of the title order. */
  async findByTitle(title: string): Promise<ZimEntry | undefined> {
    const order = await this.titleOrder();
    const namespace = articleNamespace(this.layout);
    let low = 0;
    let high = order.count;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const [index = 0] = await order.slice(middle, 1);
      const entry = await this.entryAt(index);
      if (compareKey(entry.namespace, entry.title, namespace, title) < 0) low = middle + 1;
      else high = middle;
    }
    if (low >= order.count) return undefined;
    const [index = 0] = await order.slice(low, 1);
    const entry = await this.entryAt(index);
    return entry.namespace === namespace && entry.title === title ? entry : undefined;
  }

  /**
   * Articles in title order, for building a search index: HTML pages and the
   * redirects among them (a redirect is another name a reader may search by).
   * Images and scripts share C with pages in current files without the
   * listing entry, hence the MIME check.
   */
  async *titles(): AsyncGenerator<ZimEntry> {
    const order = await this.articleOrder();
    const namespace = articleNamespace(this.layout);
    for (let from = 0; from < order.count; from += TITLE_BATCH) {
      for (const index of await order.slice(from, TITLE_BATCH)) {
        const entry = await this.entryAt(index);
        if (entry.namespace !== namespace) continue;
        if (entry.kind === 'redirect' || (entry.kind === 'item' && entry.mimeType.startsWith('text/html'))) yield entry;
      }
    }
  }

  /** Cluster `cluster`'s first byte and an upper bound of where it ends. */
  private async clusterSpan(cluster: number): Promise<{ start: number; end: number }> {
    const { clusterPointerPos, clusterCount, checksumPos } = this.header;
    const pointers = await this.reader.view(clusterPointerPos + cluster * 8, cluster + 1 < clusterCount ? 16 : 8, (bytes) => ({
      own: bytes.readBigUInt64LE(0),
      next: bytes.length === 16 ? bytes.readBigUInt64LE(8) : undefined,
    }));
    const start = toOffset(pointers.own, `cluster ${cluster}`);
    if (start < HEADER_SIZE || start >= checksumPos) throw new ZimError('ZIM_BAD_OFFSET', `cluster ${cluster} at ${start}`);
    const next = pointers.next === undefined ? 0 : toOffset(pointers.next, `cluster ${cluster + 1}`);
    if (next > start && next <= checksumPos) return { start, end: next };
    // The last cluster in the file ends before the next list (dirents may come between). Not the title
    // list: current writers point the header at the title listing entry, inside a cluster.
    const after = [this.header.pathPointerPos, clusterPointerPos, checksumPos].filter((pos) => pos > start);
    return { start, end: Math.min(...after) };
  }

  /**
   * The cluster decompressed up to byte `wanted` at least (zstd), or whole;
   * the file's bytes after its frame (dirents behind the last cluster) are
   * left alone.
   */
  private decompressed(span: { start: number; end: number }, compression: 'xz' | 'zstd', wanted: number): Promise<DecodedBytes> {
    // a compressed cluster is never larger than its bound plus the codec's framing
    const length = Math.min(span.end - span.start - 1, this.maxClusterBytes + 64 * 1024);
    return this.reader.lend(span.start + 1, length, async (input) =>
      compression === 'xz' ? keepDecoded(await decompressXz(input, this.maxClusterBytes)) : decodeZstd(input, this.maxClusterBytes, wanted),
    );
  }

  /**
   * Finds the item's blob: `inFile` gets its span of the file (a stored
   * cluster), `inMemory` its decompressed cluster, held while it runs, and
   * its span there. A reader's item needs its cluster decoded up to the
   * blob's end: first far enough for the blob's two offsets, then, unless the
   * cluster kept or decoded goes that far already, to the end they give. A
   * pass over every item (`whole`) decodes each cluster whole at once, not a
   * little further for each of its items.
   */
  private async locate<T>(item: ZimItem, reach: Reach, inFile: (start: number, end: number) => T, inMemory: (data: DecodedBytes, span: BlobSpan) => T): Promise<T> {
    const cluster = await this.clusterSpan(item.cluster);
    const { compression, offsetWidth } = await this.reader.view(cluster.start, 1, (bytes) => parseClusterInfo(bytes[0] ?? 0));
    if (compression === 'none') {
      // stored: read the blob's two offsets and leave its bytes in the file
      const dataStart = cluster.start + 1;
      const span = await blobSpan((pos, length) => this.reader.read(dataStart + pos, length), cluster.end - dataStart, offsetWidth, item.blob);
      return inFile(dataStart + span.start, dataStart + span.end);
    }
    const load = (wanted: number) => this.decompressions.run(() => this.decompressed(cluster, compression, wanted));
    let wanted = reach === 'whole' ? Number.POSITIVE_INFINITY : (item.blob + 2) * offsetWidth;
    for (;;) {
      const found = await this.cache.read(item.cluster, wanted, load, async (data) => {
        // a cluster decoded in part is checked against the most it can decode to
        const span = await blobSpan(decodedReader(data), data.bound, offsetWidth, item.blob);
        return span.end <= data.length ? { found: true as const, value: inMemory(data, span) } : { found: false as const, further: span.end };
      });
      if (found.found) return found.value;
      wanted = found.further;
    }
  }

  private itemBytes(item: ZimItem, reach: Reach): Promise<ItemBytes> {
    return this.locate<ItemBytes>(
      item,
      reach,
      (start, end) => ({ in: 'file', start, end }),
      (data, span) => ({ in: 'memory', bytes: data.copy(span.start, span.end) }),
    );
  }

  /** The item's size; a compressed one's bytes are not copied out for it. */
  itemSize(item: ZimItem): Promise<number> {
    return this.locate(
      item,
      'blob',
      (start, end) => end - start,
      (_data, span) => span.end - span.start,
    );
  }

  /** The item's bytes within `range` (all of them without one) as absolute [start, end). */
  private async rangeOf(item: ZimItem, range: ByteRange | undefined, reach: Reach): Promise<{ bytes: ItemBytes; from: number; to: number }> {
    const bytes = await this.itemBytes(item, reach);
    const [first, end] = bytes.in === 'file' ? [bytes.start, bytes.end] : [0, bytes.bytes.length];
    const size = end - first;
    if (!range) return { bytes, from: first, to: end };
    if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start || range.end >= size) {
      throw new ZimError('ZIM_RANGE', `bytes ${range.start}-${range.end} of an item of ${size}`);
    }
    return { bytes, from: first + range.start, to: first + range.end + 1 };
  }

  /**
   * The item's bytes, or those of `range`. Held in memory whole: for large
   * items (videos) use itemStream.
   */
  readItem(item: ZimItem, range?: ByteRange): Promise<Buffer> {
    return this.itemIn(item, 'whole', range);
  }

  /**
   * The item's bytes when there are at most `maxBytes` of them, else
   * undefined, found once and copied only when they fit (its cluster decoded
   * whole, for a pass over many items).
   */
  async readItemUpTo(item: ZimItem, maxBytes: number): Promise<Buffer | undefined> {
    return this.locate<Promise<Buffer> | Buffer | undefined>(
      item,
      'whole',
      (start, end) => (end - start > maxBytes ? undefined : this.reader.read(start, end - start)),
      (data, span) => (span.end - span.start > maxBytes ? undefined : data.copy(span.start, span.end)),
    );
  }

  private async itemIn(item: ZimItem, reach: Reach, range?: ByteRange): Promise<Buffer> {
    const { bytes, from, to } = await this.rangeOf(item, range, reach);
    return bytes.in === 'file' ? this.reader.read(from, to - from) : bytes.bytes.subarray(from, to);
  }

  /**
   * A small item whole for a reader's page: from the items read lately when
   * there (recent-items.ts), else read (its cluster decoded only as far as
   * it) and kept. A bulk pass over every page (the search index) uses
   * readItemUpTo, so it does not push the pages readers share out of that cache.
   */
  async readForReader(item: ZimItem): Promise<Buffer> {
    return this.recentItems.get(item.index) ?? this.recentItems.keep(item.index, await this.itemIn(item, 'blob'));
  }

  /** The item's bytes, or those of `range`, as a stream read a chunk at a time (its cluster decoded only as far as it). */
  async itemStream(item: ZimItem, range?: ByteRange): Promise<Readable> {
    const { bytes, from, to } = await this.rangeOf(item, range, 'blob');
    const reader = this.reader;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let at = from; at < to; at += STREAM_CHUNK_BYTES) {
        const end = Math.min(to, at + STREAM_CHUNK_BYTES);
        yield bytes.in === 'file' ? await reader.read(at, end - at) : bytes.bytes.subarray(at, end);
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  /** Compares the stored MD5 with the file's bytes (ZIM_CHECKSUM when they differ); see checksum.ts. */
  verifyChecksum(options?: ChecksumOptions): Promise<void> {
    return verifyChecksum(this.reader, this.header.checksumPos, options);
  }
}
