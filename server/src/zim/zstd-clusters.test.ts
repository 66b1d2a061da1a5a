import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyLimiter } from '../concurrency-limiter.ts';
import { buildTestZim, type TestEntry } from '../../test/zim-writer.ts';
import { ZimFile, type JobLimiter } from './zim-file.ts';

const KIB = 1024;
const PAGE = 200 * KIB;

/** Eight pages of 200 KiB in one zstd cluster of 1.6 MiB, each page's text its own. */
const pages: TestEntry[] = Array.from({ length: 8 }, (_, i) => ({
  namespace: 'C',
  path: `pagina-${i}`,
  mimeType: 'text/html',
  content: Array.from({ length: PAGE / 20 }, (_, line) => `${i}:${String(line * 7919 + i).padStart(17, '0')}\n`).join('').slice(0, PAGE),
}));

let dir: string;
let file: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-partial-'));
  file = path.join(dir, 'paginas.zim');
  await fs.writeFile(file, buildTestZim(pages, { compression: 'zstd', minorVersion: 1, blobsPerCluster: 8 }));
});

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function itemOf(zim: ZimFile, i: number) {
  const entry = await zim.findContent(`pagina-${i}`);
  const item = entry && (await zim.resolve(entry));
  if (!item) throw new Error(`no pagina-${i}`);
  return item;
}

const readPage = async (zim: ZimFile, i: number): Promise<string> => (await zim.readItem(await itemOf(zim, i))).toString('utf8');
const readersPage = async (zim: ZimFile, i: number): Promise<string> => (await zim.readForReader(await itemOf(zim, i))).toString('utf8');

/** A limiter that counts the decompressions it runs and the most running at once. */
function countingLimiter(limit: number): JobLimiter & { runs: number; peak: number } {
  const limiter = new ConcurrencyLimiter(limit, 1000);
  const counts = {
    runs: 0,
    peak: 0,
    run: <T>(job: () => Promise<T>): Promise<T> =>
      limiter.run(async () => {
        counts.runs++;
        counts.peak = Math.max(counts.peak, limiter.running);
        return job();
      }),
  };
  return counts;
}

/** Runs `body` on the file opened with a limiter counting its decompressions (four at once), then closes it. */
async function withCountedZim(body: (zim: ZimFile, decompressions: { runs: number }) => Promise<void>): Promise<void> {
  const decompressions = countingLimiter(4);
  const zim = await ZimFile.open(file, { decompressions });
  try {
    await body(zim, decompressions);
  } finally {
    await zim.close();
  }
}

describe('ZimFile reading zstd clusters', () => {
  it('decodes a cluster once, whole, and serves every page of it from the cache', () =>
    withCountedZim(async (zim, decompressions) => {
      expect(zim.header.clusterCount).toBe(1);
      expect(await readPage(zim, 3)).toBe(pages[3]?.content);
      expect(zim.cacheBytes).toBeGreaterThanOrEqual(8 * PAGE);
      // the last page ends the frame; the dirents behind the file's last cluster are never taken for it
      for (const i of [7, 0, 5, 1, 6, 2, 4]) expect(await readPage(zim, i)).toBe(pages[i]?.content);
      expect(decompressions.runs).toBe(1);
    }));

  it('decodes a cluster for a reader only as far as the page asked, and further, in its place, for a page after it', () =>
    withCountedZim(async (zim, decompressions) => {
      // as far as the page's offsets, then as far as its end
      expect(await readersPage(zim, 1)).toBe(pages[1]?.content);
      expect(decompressions.runs).toBe(2);
      // a page before it is in what was decoded; one after it is not yet
      expect(await readersPage(zim, 0)).toBe(pages[0]?.content);
      expect(decompressions.runs).toBe(2);
      expect(await readersPage(zim, 6)).toBe(pages[6]?.content);
      expect(decompressions.runs).toBe(3);
      expect(await readersPage(zim, 2)).toBe(pages[2]?.content);
      expect(decompressions.runs).toBe(3);
    }));

  it('decodes once for readers asking at the same time, each getting its own page', () =>
    withCountedZim(async (zim, decompressions) => {
      const order = [7, 0, 3, 5, 1, 6, 2, 4, 0, 7];
      expect(await Promise.all(order.map((i) => readPage(zim, i)))).toEqual(order.map((i) => pages[i]?.content));
      expect(decompressions.runs).toBe(1);
    }));
});

describe('ZimFile decompressions under many readers', () => {
  it('runs at most the limiter bound at once, however many readers ask', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...(pages[i % 8] as TestEntry), path: `p-${String(i).padStart(2, '0')}` }));
    const manyFile = path.join(dir, 'muchas.zim');
    // one page per cluster: every reader needs its own decompression
    await fs.writeFile(manyFile, buildTestZim(many, { compression: 'zstd', minorVersion: 1, blobsPerCluster: 1 }));
    const decompressions = countingLimiter(2);
    const zim = await ZimFile.open(manyFile, { decompressions, clusterCacheBytes: 0 });
    try {
      const read = async (entry: TestEntry): Promise<string> => {
        const found = await zim.findContent(entry.path);
        const item = found && (await zim.resolve(found));
        if (!item) throw new Error(`no ${entry.path}`);
        return (await zim.readItem(item)).toString('utf8');
      };
      expect(await Promise.all(many.map(read))).toEqual(many.map((entry) => entry.content));
      expect(decompressions.runs).toBe(40);
      expect(decompressions.peak).toBe(2);
    } finally {
      await zim.close();
    }
  });
});
