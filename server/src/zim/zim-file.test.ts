import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZimError } from './errors.ts';
import { ZimFile, type ZimItem } from './zim-file.ts';
import { buildTestZim, type TestEntry } from '../../test/zim-writer.ts';
import { illustrationPng, zimToolsView, zimwriterfs, type DumpedEntry } from '../../test/zim-tools.ts';

const page = (title: string, body: string): string =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/**
 * Not compressible, so zimwriterfs stores it in a cluster of its own, uncompressed: the way videos are kept.
 * Over a MiB, so the checksum reads the file in more than one chunk.
 */
const VIDEO = randomBytes(1536 * 1024);

let dir: string;
let file: string;
let zim: ZimFile;
let listed: DumpedEntry[];
let dumped: string;

const itemAt = async (contentPath: string): Promise<ZimItem> => {
  const entry = await zim.findContent(contentPath);
  const item = entry && (await zim.resolve(entry));
  if (!item) throw new Error(`no item at ${contentPath}`);
  return item;
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-reader-'));
  file = await zimwriterfs(
    dir,
    [
      { file: 'index.html', content: page('Página principal', '<a href="árbol.html">Árbol</a> <a href="arbol.html">otro</a> <img src="img.png">') },
      { file: 'árbol.html', content: page('Árbol de la vida', `<p>${'La ceiba es un árbol sagrado. '.repeat(400)}</p>`) },
      { file: 'ñandú.html', content: page('Ñandú común', '<p>Un ave que no vuela.</p>') },
      // zimwriterfs turns a page that only refreshes to another into a redirect entry
      { file: 'arbol.html', content: '<html><head><meta http-equiv="refresh" content="0;url=árbol.html"><title>Árbol redirigido</title></head><body></body></html>' },
      { file: 'img.png', content: illustrationPng() },
      { file: 'video.webm', content: VIDEO },
    ],
    { welcome: 'index.html', illustration: 'img.png', title: 'Páginas de prueba' },
  );
  ({ listed, dumped } = await zimToolsView(file, path.join(dir, 'dump')));
  zim = await ZimFile.open(file);
});

afterAll(async () => {
  // the folder first: it goes even when the file never opened
  await fs.rm(dir, { recursive: true, force: true });
  await zim.close();
});

describe('ZimFile on a file zimwriterfs writes (zstd, current layout)', () => {
  it('opens it as version 6.1 in the current layout', () => {
    expect(zim.header.majorVersion).toBe(6);
    expect(zim.header.minorVersion).toBe(1);
    expect(zim.layout).toBe('unified');
    expect(zim.header.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('lists the same paths, titles, MIME types and redirects as zimdump', async () => {
    expect(listed.map((e) => e.path).sort()).toEqual(['arbol.html', 'img.png', 'index.html', 'video.webm', 'árbol.html', 'ñandú.html']);
    for (const dumpedEntry of listed) {
      const entry = await zim.findContent(dumpedEntry.path);
      expect(entry?.title, dumpedEntry.path).toBe(dumpedEntry.title);
      expect(entry?.kind, dumpedEntry.path).toBe(dumpedEntry.type);
      if (entry?.kind === 'item') {
        expect(entry.mimeType, dumpedEntry.path).toBe(dumpedEntry.mimeType);
        expect(await zim.itemSize(entry), dumpedEntry.path).toBe(dumpedEntry.size);
      }
      if (entry?.kind === 'redirect') {
        const target = await zim.resolve(entry);
        expect(target?.contentPath).toBe(listed[dumpedEntry.redirectIndex ?? -1]?.path);
      }
    }
  });

  it('returns, for every item, the bytes zimdump dumps', async () => {
    const items = listed.filter((e) => e.type === 'item');
    expect(items).toHaveLength(5);
    for (const dumpedEntry of items) {
      const bytes = await zim.readItem(await itemAt(dumpedEntry.path));
      expect(bytes.equals(await fs.readFile(path.join(dumped, dumpedEntry.path))), dumpedEntry.path).toBe(true);
    }
  });

  it('finds pages by accented title and follows the redirect to its page', async () => {
    expect((await zim.findByTitle('Árbol de la vida'))?.contentPath).toBe('árbol.html');
    expect((await zim.findByTitle('Ñandú común'))?.contentPath).toBe('ñandú.html');
    expect(await zim.findByTitle('Arbol de la vida')).toBeUndefined();
    const redirect = await zim.findByTitle('Árbol redirigido');
    expect(redirect?.kind).toBe('redirect');
    expect((redirect && (await zim.resolve(redirect)))?.title).toBe('Árbol de la vida');
    expect(await zim.findContent('no-existe.html')).toBeUndefined();
  });

  it('reads the metadata zimwriterfs was given, the illustration and the main page', async () => {
    expect(await zim.metadata()).toMatchObject({
      Title: 'Páginas de prueba',
      Description: 'Páginas de prueba',
      Language: 'spa',
      Creator: 'Biblioteca del kit',
      Publisher: 'Kit Portal',
      Name: 'prueba_es',
      Counter: expect.stringContaining('text/html=3'),
      Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const illustration = await zim.metadataItem('Illustration_48x48@1');
    expect(illustration && (await zim.readItem(illustration)).equals(illustrationPng())).toBe(true);
    expect((await zim.mainPage())?.contentPath).toBe('index.html');
  });

  it('lists the articles by title, redirects included, without images or videos', async () => {
    const titles: string[] = [];
    for await (const entry of zim.titles()) titles.push(entry.title);
    // the order is that of the titles' UTF-8 bytes: "P" < "Á" (C3 81) < "Ñ" (C3 91)
    expect(titles).toEqual(['Página principal', 'Árbol de la vida', 'Árbol redirigido', 'Ñandú común']);
  });

  it('reads byte ranges of a stored video and of a compressed page, as a buffer and as a stream', async () => {
    const video = await itemAt('video.webm');
    expect(await zim.itemSize(video)).toBe(VIDEO.length);
    expect((await zim.readItem(video, { start: 1000, end: 200_999 })).equals(VIDEO.subarray(1000, 201_000))).toBe(true);
    const streamed = Buffer.concat(await (await zim.itemStream(video, { start: 5, end: VIDEO.length - 1 })).toArray());
    expect(streamed.equals(VIDEO.subarray(5))).toBe(true);

    const arbol = await itemAt('árbol.html');
    const whole = await fs.readFile(path.join(dumped, 'árbol.html'), 'utf8');
    expect(await text(await zim.itemStream(arbol))).toBe(whole);
    expect((await zim.readItem(arbol, { start: 0, end: 14 })).toString()).toBe(whole.slice(0, 15));
    await expect(zim.readItem(arbol, { start: 0, end: Buffer.byteLength(whole) })).rejects.toMatchObject({ code: 'ZIM_RANGE' });
  });

  it('reads an item up to a limit: its bytes when they fit, nothing when they do not, stored or compressed', async () => {
    const video = await itemAt('video.webm');
    expect((await zim.readItemUpTo(video, VIDEO.length))?.equals(VIDEO)).toBe(true);
    expect(await zim.readItemUpTo(video, VIDEO.length - 1)).toBeUndefined();
    const arbol = await itemAt('árbol.html');
    const whole = await fs.readFile(path.join(dumped, 'árbol.html'));
    expect((await zim.readItemUpTo(arbol, whole.length))?.equals(whole)).toBe(true);
    expect(await zim.readItemUpTo(arbol, whole.length - 1)).toBeUndefined();
  });

  it('keeps stored clusters out of the cache and compressed ones in it', async () => {
    const fresh = await ZimFile.open(file);
    try {
      await fresh.readItem(await (async () => {
        const entry = await fresh.findContent('video.webm');
        if (entry?.kind !== 'item') throw new Error('no video');
        return entry;
      })());
      expect(fresh.cacheBytes).toBe(0);
      const entry = await fresh.findContent('árbol.html');
      if (entry?.kind !== 'item') throw new Error('no page');
      await fresh.readItem(entry);
      expect(fresh.cacheBytes).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  it('verifies the checksum as it streams the file, reporting progress, and stops when aborted', async () => {
    const progress: number[] = [];
    await zim.verifyChecksum({ onProgress: (done, total) => progress.push(done / total) });
    expect(progress.at(-1)).toBe(1);

    expect(progress.length).toBeGreaterThan(1);

    // cancelled after the first chunk: no further chunk is read
    const controller = new AbortController();
    const chunks: number[] = [];
    const cancelled = zim.verifyChecksum({
      signal: controller.signal,
      onProgress: (done) => {
        chunks.push(done);
        controller.abort(new Error('cancelado'));
      },
    });
    await expect(cancelled).rejects.toThrow('cancelado');
    await expect(cancelled).rejects.not.toBeInstanceOf(ZimError);
    expect(chunks).toHaveLength(1);
  });
});

describe('lookups by path in a file of thousands of entries', () => {
  it('finds every entry, and nothing before, between or after them, whichever part of the path list it lies in', async () => {
    // Over a thousand entries: a lookup narrows to a slice of the path list between two kept keys, then searches it.
    const paths = Array.from({ length: 3001 }, (_, i) => `página-${String(i * 2).padStart(5, '0')}`);
    const entries: TestEntry[] = [
      ...paths.map((p) => ({ namespace: 'C', path: p, mimeType: 'text/html', content: `<p>${p}</p>` })),
      { namespace: 'M', path: 'Title', mimeType: 'text/plain', content: 'Muchas páginas' },
      { namespace: 'W', path: 'mainPage', redirectTo: { namespace: 'C', path: 'página-00000' } },
    ];
    const many = path.join(dir, 'muchas.zim');
    await fs.writeFile(many, buildTestZim(entries, { compression: 'zstd', minorVersion: 1, blobsPerCluster: 50 }));
    const big = await ZimFile.open(many);
    try {
      for (const p of paths) expect((await big.findContent(p))?.path, p).toBe(p);
      const between = paths.map((p) => p.replace(/\d$/, (d) => String(Number(d) + 1)));
      for (const p of [...between, '', 'a', 'página-', 'página-0000', 'zzz', 'página-06000a']) expect(await big.findContent(p), p).toBeUndefined();
      expect((await big.metadata()).Title).toBe('Muchas páginas');
      expect((await big.mainPage())?.path).toBe('página-00000');
    } finally {
      await big.close();
    }
  });
});
