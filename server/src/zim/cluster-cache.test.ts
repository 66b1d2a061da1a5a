import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterCache } from './cluster-cache.ts';
import { buildTestZim, type TestEntry } from '../../test/zim-writer.ts';
import { ZimFile } from './zim-file.ts';
import { constants, zstdCompressSync } from 'node:zlib';
import { decodeZstd, keepDecoded, type DecodedBytes } from './zstd-wasm.ts';

const KIB = 1024;
/** A decoded cluster of `size` bytes. */
const whole = (size: number, fill = 0): Promise<DecodedBytes> => keepDecoded(Buffer.alloc(size, fill));

/** The first byte of the cluster, read through the cache. */
const firstByte = (cache: ClusterCache, n: number, load: () => Promise<DecodedBytes>): Promise<number | undefined> =>
  cache.read(n, 1, load, (data) => Promise.resolve(data.copy(0, 1)[0]));

describe('ClusterCache', () => {
  it('loads a cluster kept in part further for a reader wanting more, keeps the further one in its place, and never a shorter one over it', async () => {
    const plain = Buffer.from(Array.from({ length: 150_000 }, (_, i) => `${String(i * 7919).padStart(19, '0')}\n`).join(''));
    const frame = zstdCompressSync(plain, { params: { [constants.ZSTD_c_contentSizeFlag]: 0 } });
    const cache = new ClusterCache(8 * 1024 * KIB);
    const loads: number[] = [];
    const load = (wanted: number) => (loads.push(wanted), decodeZstd(frame, 64 * 1024 * KIB, wanted));
    const lengthFor = (wanted: number) => cache.read(1, wanted, load, (data) => Promise.resolve(data.copy(0, data.length).equals(plain.subarray(0, data.length)) ? data.length : -1));
    const part = await lengthFor(1000);
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(plain.length);
    expect(await lengthFor(part)).toBe(part);
    expect(loads).toEqual([1000]);
    const further = await lengthFor(part + 1);
    expect(further).toBeGreaterThan(part);
    expect(await lengthFor(1)).toBe(further);
    // a shorter load that arrives after a further one gives its reader its bytes, and leaves the further one kept
    let arrive: () => void = () => undefined;
    const late = (wanted: number) => new Promise<DecodedBytes>((resolve) => (arrive = () => resolve(decodeZstd(frame, 64 * 1024 * KIB, wanted))));
    const length = (data: DecodedBytes) => Promise.resolve(data.length);
    const short = cache.read(2, 1000, late, length);
    expect(await cache.read(2, plain.length, load, length)).toBe(plain.length);
    arrive();
    expect(await short).toBe(part);
    expect(await cache.read(2, 1, load, length)).toBe(plain.length);
    expect(loads).toEqual([1000, part + 1, plain.length]);
    cache.close();
  });

  it('drops the least recently used clusters past its byte bound', async () => {
    const cache = new ClusterCache(30 * KIB);
    const load = (n: number) => () => whole(10 * KIB, n);
    for (const n of [1, 2, 3]) expect(await firstByte(cache, n, load(n))).toBe(n);
    await firstByte(cache, 1, load(1)); // 1 is now the most recently used
    await firstByte(cache, 4, load(4)); // so 2 goes
    expect(cache.bytes).toBe(30 * KIB);
    let loads = 0;
    const counting = (n: number) => () => {
      loads++;
      return whole(10 * KIB, n);
    };
    for (const n of [1, 3, 4]) expect(await firstByte(cache, n, counting(n))).toBe(n);
    expect(loads).toBe(0);
    expect(await firstByte(cache, 2, counting(2))).toBe(2);
    expect(loads).toBe(1);
  });

  it('hands a cluster larger than the bound to its readers without keeping it or flushing the others, then frees it', async () => {
    const cache = new ClusterCache(8 * KIB);
    await firstByte(cache, 1, () => whole(2 * KIB));
    let large: DecodedBytes | undefined;
    const read = (data: DecodedBytes) => {
      large = data;
      return Promise.resolve(data.copy(0, 9 * KIB).every((byte) => byte === 7));
    };
    expect(await Promise.all([cache.read(2, 1, () => whole(9 * KIB, 7), read), cache.read(2, 1, () => whole(9 * KIB, 7), read)])).toEqual([true, true]);
    expect(cache.bytes).toBe(2 * KIB);
    // freed as its last reader finished
    expect(() => large?.copy(0, 1)).toThrow();
  });

  it('frees a cluster that leaves once its readers are done, and every one when closed', async () => {
    const cache = new ClusterCache(20 * KIB);
    const held: DecodedBytes[] = [];
    const keep = (data: DecodedBytes) => Promise.resolve(void held.push(data));
    await cache.read(1, 1, () => whole(10 * KIB, 1), keep);
    // a reader of the first is under way when the third pushes it out
    let done: () => void = () => undefined;
    const reading = cache.read(1, 1, () => whole(10 * KIB, 1), async (data) => {
      await new Promise<void>((resolve) => (done = resolve));
      return data.copy(0, 1)[0];
    });
    await cache.read(2, 1, () => whole(10 * KIB, 2), keep);
    await cache.read(3, 1, () => whole(10 * KIB, 3), keep);
    expect(held[0]?.copy(0, 1)[0]).toBe(1);
    done();
    expect(await reading).toBe(1);
    expect(() => held[0]?.copy(0, 1)).toThrow();
    expect(held[1]?.copy(0, 1)[0]).toBe(2);
    cache.close();
    expect(() => held[1]?.copy(0, 1)).toThrow();
    expect(() => held[2]?.copy(0, 1)).toThrow();
    expect(cache.bytes).toBe(0);
  });

  it('loads a cluster once for readers asking at the same time', async () => {
    const cache = new ClusterCache(64 * KIB);
    let loads = 0;
    const load = async () => {
      loads++;
      await Promise.resolve();
      return whole(KIB);
    };
    await Promise.all([firstByte(cache, 7, load), firstByte(cache, 7, load), firstByte(cache, 7, load)]);
    expect(loads).toBe(1);
  });
});

describe('ZimFile memory across many clusters', () => {
  const BOUND = 200 * KIB;
  /** 120 pages of 16 KiB, three to a cluster: 40 clusters of 48 KiB, ten times the bound in all. */
  const pages: TestEntry[] = Array.from({ length: 120 }, (_, i) => ({
    namespace: 'C',
    path: `pagina-${String(i).padStart(3, '0')}`,
    title: `Página ${i}`,
    mimeType: 'text/html',
    content: `<p>${`Página número ${i} de la biblioteca. `.repeat(600)}</p>`.slice(0, 16 * KIB),
  }));
  let dir: string;
  let zim: ZimFile;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-memory-'));
    const file = path.join(dir, 'muchas.zim');
    await fs.writeFile(file, buildTestZim(pages, { compression: 'zstd', minorVersion: 1, blobsPerCluster: 3 }));
    zim = await ZimFile.open(file, { clusterCacheBytes: BOUND });
  });

  afterAll(async () => {
    // the folder first: it goes even when the file never opened
    await fs.rm(dir, { recursive: true, force: true });
    await zim.close();
  });

  it('never holds more decompressed clusters than its byte bound while every page is read, twice, out of order', async () => {
    expect(zim.header.clusterCount).toBe(40);
    let largest = 0;
    const order = pages.map((_, i) => (i * 37) % pages.length);
    for (const i of [...order, ...[...order].reverse()]) {
      const page = pages[i];
      const entry = page && (await zim.findContent(page.path));
      const item = entry && (await zim.resolve(entry));
      if (!item || !page) throw new Error(`page ${i} missing`);
      expect((await zim.readItem(item)).toString()).toBe(page.content);
      largest = Math.max(largest, zim.cacheBytes);
      expect(zim.cacheBytes).toBeLessThanOrEqual(BOUND);
    }
    // it did cache: the bound was reached, not sidestepped
    expect(largest).toBeGreaterThan(BOUND - 48 * KIB);
  });
});
