import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestZim } from '../../test/zim-writer.ts';
import { RecentItems } from './recent-items.ts';
import { ZimFile } from './zim-file.ts';

describe('RecentItems', () => {
  it('keeps small items up to its bound, the least recently used going first', () => {
    const items = new RecentItems(30, 10);
    for (const n of [1, 2, 3]) items.keep(n, Buffer.alloc(10, n));
    expect(items.get(1)?.[0]).toBe(1); // 1 is now the most recently used
    items.keep(4, Buffer.alloc(10, 4)); // so 2 goes
    expect(items.bytes).toBe(30);
    expect(items.get(2)).toBeUndefined();
    expect([1, 3, 4].map((n) => items.get(n)?.[0])).toEqual([1, 3, 4]);
  });

  it('hands back a large item without keeping it or letting the others go', () => {
    const items = new RecentItems(30, 10);
    items.keep(1, Buffer.alloc(10));
    const large = Buffer.alloc(11);
    expect(items.keep(2, large)).toBe(large);
    expect(items.get(2)).toBeUndefined();
    expect(items.bytes).toBe(10);
  });

  it('keeps a copy of its own, not a view holding the buffer it came from', () => {
    const items = new RecentItems(1024, 64);
    const chunk = Buffer.alloc(256 * 1024, 7);
    const kept = items.keep(1, chunk.subarray(100, 140));
    expect(kept.buffer).not.toBe(chunk.buffer);
    expect(kept.buffer.byteLength).toBe(40);
    chunk.fill(0);
    expect(items.get(1)).toEqual(Buffer.alloc(40, 7));
  });
});

describe('ZimFile.readForReader', () => {
  it('serves a page asked again without decoding its cluster again', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-recent-'));
    try {
      const file = path.join(dir, 'paginas.zim');
      const content = '<p>La misma página para toda la clase.</p>';
      await fs.writeFile(file, buildTestZim([{ namespace: 'C', path: 'clase', mimeType: 'text/html', content }], { compression: 'zstd', minorVersion: 1 }));
      let decodes = 0;
      // no cluster kept: every read of the page from its cluster decodes it
      const zim = await ZimFile.open(file, { clusterCacheBytes: 0, decompressions: { run: (job) => (decodes++, job()) } });
      try {
        const entry = await zim.findContent('clase');
        const item = entry && (await zim.resolve(entry));
        if (!item) throw new Error('no page');
        expect((await zim.readItem(item)).toString()).toBe(content);
        expect((await zim.readItem(item)).toString()).toBe(content);
        expect(decodes).toBe(2);
        for (let reader = 0; reader < 3; reader++) expect((await zim.readForReader(item)).toString()).toBe(content);
        expect(decodes).toBe(3);
      } finally {
        await zim.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
