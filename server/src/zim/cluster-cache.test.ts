import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterBytes } from './cluster-bytes.ts';
import { ClusterCache } from './cluster-cache.ts';
import { buildTestZim, type TestEntry } from '../../test/zim-writer.ts';
import { ZimFile } from './zim-file.ts';

const KIB = 1024;
/** A whole cluster of `size` bytes. */
const whole = (size: number, fill = 0): ClusterBytes => new ClusterBytes([Buffer.alloc(size, fill)], true);

describe('ClusterCache', () => {
  it('drops the least recently used clusters past its byte bound', async () => {
    const cache = new ClusterCache(30 * KIB);
    const load = (n: number) => () => Promise.resolve(whole(10 * KIB, n));
    for (const n of [1, 2, 3]) await cache.get(n, load(n));
    await cache.get(1, load(1)); // 1 is now the most recently used
    await cache.get(4, load(4)); // so 2 goes
    expect(cache.bytes).toBe(30 * KIB);
    let loads = 0;
    const counting = (n: number) => () => {
      loads++;
      return Promise.resolve(whole(10 * KIB, n));
    };
    for (const n of [1, 3, 4]) await cache.get(n, counting(n));
    expect(loads).toBe(0);
    await cache.get(2, counting(2));
    expect(loads).toBe(1);
  });

  it('hands out a cluster larger than the bound without keeping it or flushing the others', async () => {
    const cache = new ClusterCache(8 * KIB);
    await cache.get(1, () => Promise.resolve(whole(2 * KIB)));
    expect((await cache.get(2, () => Promise.resolve(whole(9 * KIB)))).length).toBe(9 * KIB);
    expect(cache.bytes).toBe(2 * KIB);
  });

  it('counts a prefix by the whole buffer behind it, not by the bytes it shows', async () => {
    const cache = new ClusterCache(64 * KIB);
    const prefix = Buffer.alloc(40 * KIB).subarray(0, 10 * KIB);
    await cache.get(1, () => Promise.resolve(new ClusterBytes([prefix], false)));
    expect(cache.bytes).toBe(40 * KIB);
    await cache.get(2, () => Promise.resolve(whole(30 * KIB)));
    expect(cache.bytes).toBe(30 * KIB); // 70 KiB held is past the bound: the prefix went
  });

  it('loads a cluster once for readers asking at the same time', async () => {
    const cache = new ClusterCache(64 * KIB);
    let loads = 0;
    const load = async () => {
      loads++;
      await Promise.resolve();
      return whole(KIB);
    };
    await Promise.all([cache.get(7, load), cache.get(7, load), cache.get(7, load)]);
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
