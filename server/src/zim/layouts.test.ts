import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestZim, type TestEntry, type TestZimOptions } from '../../test/zim-writer.ts';
import { ZimFile } from './zim-file.ts';
import { illustrationPng, zimToolsView, type DumpedEntry } from '../../test/zim-tools.ts';

/** The same small library in either layout: `content` is A (pages) and I (images) in the old one, C in the current one. */
function library(layout: 'legacy' | 'unified'): TestEntry[] {
  const pages = layout === 'legacy' ? 'A' : 'C';
  const images = layout === 'legacy' ? 'I' : 'C';
  const imageLink = layout === 'legacy' ? '../I/foto.png' : 'foto.png';
  const meta = (name: string, value: string): TestEntry => ({ namespace: 'M', path: name, mimeType: 'text/plain', content: value });
  return [
    { namespace: pages, path: 'Portada', title: 'Página principal', mimeType: 'text/html', content: `<html><body><a href="Árbol">Árbol</a><img src="${imageLink}"></body></html>` },
    { namespace: pages, path: 'Árbol', title: 'Árbol de la vida', mimeType: 'text/html', content: `<html><body>${'La ceiba es sagrada. '.repeat(200)}</body></html>` },
    { namespace: pages, path: 'Ñandú', title: 'Ñandú común', mimeType: 'text/html', content: '<html><body>Un ave que no vuela.</body></html>' },
    { namespace: pages, path: 'Arbol', title: 'Árbol (otra grafía)', redirectTo: { namespace: pages, path: 'Árbol' } },
    { namespace: images, path: 'foto.png', mimeType: 'image/png', content: illustrationPng() },
    meta('Title', 'Biblioteca de prueba'),
    meta('Description', 'Una biblioteca pequeña'),
    meta('Language', 'spa'),
    meta('Creator', 'Comunidad'),
    meta('Publisher', 'Kit Portal'),
    meta('Date', '2026-12-01'),
    { namespace: 'M', path: 'Illustration_48x48@1', mimeType: 'image/png', content: illustrationPng() },
    // where each layout keeps its well-known entries: the icon in -, the main page in W
    ...(layout === 'legacy'
      ? [{ namespace: '-', path: 'favicon', mimeType: 'image/png', content: illustrationPng() }]
      : [{ namespace: 'W', path: 'mainPage', redirectTo: { namespace: 'C', path: 'Portada' } }]),
  ];
}

interface Case {
  name: string;
  layout: 'legacy' | 'unified';
  options: TestZimOptions;
  /** how the reader and zimdump name a content entry's path */
  dumpPath: (namespace: string, path: string) => string;
  /** Debian's libzim reads this file too (it needs the header's title list): zimcheck checks it, zimdump dumps it */
  zimdump: boolean;
}

const cases: Case[] = [
  {
    name: 'the old A/I/M layout (version 5.0, xz)',
    layout: 'legacy',
    options: { compression: 'xz', majorVersion: 5, minorVersion: 0, mainPage: { namespace: 'A', path: 'Portada' } },
    dumpPath: (namespace, p) => `${namespace}/${p}`,
    zimdump: true,
  },
  {
    name: 'the current C/M/W layout (6.1, xz, 64-bit blob offsets, front-article listing)',
    layout: 'unified',
    options: { compression: 'xz', minorVersion: 1, extended: true, blobsPerCluster: 2, titleListing: true },
    dumpPath: (_namespace, p) => p,
    zimdump: true,
  },
  {
    name: 'the current layout with titles only in the listing entry (6.1, zstd)',
    layout: 'unified',
    options: { compression: 'zstd', minorVersion: 1, titleListing: true, withoutHeaderTitleList: true },
    dumpPath: (_namespace, p) => p,
    zimdump: false,
  },
  {
    name: 'the current layout with stored clusters (6.1, uncompressed)',
    layout: 'unified',
    options: { compression: 'none', minorVersion: 1, blobsPerCluster: 3, mainPage: { namespace: 'W', path: 'mainPage' } },
    dumpPath: (_namespace, p) => p,
    zimdump: true,
  },
];

describe.each(cases)('ZimFile on $name', ({ layout, options, dumpPath, zimdump }) => {
  const entries = library(layout);
  const pages = layout === 'legacy' ? 'A' : 'C';
  let dir: string;
  let zim: ZimFile;
  let listed: DumpedEntry[] = [];
  let dumped: string | undefined;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-layout-'));
    const file = path.join(dir, 'biblioteca.zim');
    await fs.writeFile(file, buildTestZim(entries, options));
    if (zimdump) {
      ({ listed, dumped } = await zimToolsView(file, path.join(dir, 'dump')));
    }
    zim = await ZimFile.open(file);
  });

  afterAll(async () => {
    // the folder first: it goes even when the file never opened
    await fs.rm(dir, { recursive: true, force: true });
    await zim.close();
  });

  it('returns every content item as written, with its title and MIME type, as zimdump does where it reads the file', async () => {
    const content = entries.filter((e) => e.namespace === pages || e.path === 'foto.png');
    for (const written of content) {
      const contentPath = dumpPath(written.namespace, written.path);
      const entry = await zim.findContent(contentPath);
      expect(entry?.title, contentPath).toBe(written.title ?? written.path);
      expect(entry?.kind, contentPath).toBe(written.redirectTo ? 'redirect' : 'item');
      if (entry?.kind === 'item') {
        const bytes = await zim.readItem(entry);
        expect(entry.mimeType).toBe(written.mimeType);
        expect(bytes.equals(Buffer.from(written.content ?? '')), contentPath).toBe(true);
        if (dumped) expect(bytes.equals(await fs.readFile(path.join(dumped, contentPath))), contentPath).toBe(true);
      }
      if (zimdump) {
        const listedEntry = listed.find((e) => e.path === contentPath);
        expect(listedEntry, contentPath).toMatchObject({ title: entry?.title, type: entry?.kind });
        if (entry?.kind === 'item') expect(listedEntry?.mimeType).toBe(entry.mimeType);
      }
    }
    if (zimdump) expect(listed).toHaveLength(layout === 'legacy' ? entries.length : content.length);
  });

  it('follows the redirect and finds pages by accented title', async () => {
    const redirect = await zim.findContent(dumpPath(pages, 'Arbol'));
    expect(redirect?.kind).toBe('redirect');
    expect((redirect && (await zim.resolve(redirect)))?.contentPath).toBe(dumpPath(pages, 'Árbol'));
    expect((await zim.findByTitle('Ñandú común'))?.contentPath).toBe(dumpPath(pages, 'Ñandú'));
    expect(await zim.findByTitle('Nandu comun')).toBeUndefined();
  });

  it('lists the articles by title, the redirect included', async () => {
    const titles: string[] = [];
    for await (const entry of zim.titles()) titles.push(entry.title);
    expect(titles).toEqual(['Página principal', 'Árbol (otra grafía)', 'Árbol de la vida', 'Ñandú común']);
  });

  it('reads the metadata, the illustration and the main page', async () => {
    expect(await zim.metadata()).toEqual({
      Title: 'Biblioteca de prueba',
      Description: 'Una biblioteca pequeña',
      Language: 'spa',
      Creator: 'Comunidad',
      Publisher: 'Kit Portal',
      Date: '2026-12-01',
    });
    const illustration = await zim.metadataItem('Illustration_48x48@1');
    expect(illustration && (await zim.readItem(illustration)).equals(illustrationPng())).toBe(true);
    expect((await zim.mainPage())?.title).toBe('Página principal');
  });

  it('verifies its checksum', async () => {
    await expect(zim.verifyChecksum()).resolves.toBeUndefined();
  });
});
