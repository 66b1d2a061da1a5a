// @vitest-environment node
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir, ensureBuilt } from './built-app.ts';

/**
 * Checks the built app (`npm run build -w web`; built here when dist/ is
 * missing): what the service worker precaches, the pre-compressed copies, and
 * the size of what a phone downloads to open /menu.
 */
const KIB = 1024;

/** docs/PRODUCT.md#budgets budget for the /menu route's JS+CSS, compressed. */
const MENU_BUDGET_BROTLI = 100 * KIB;
const MENU_BUDGET_GZIP = 111 * KIB;

let precached: string[] = [];
let indexHtml = '';

async function assetFiles(ext: string): Promise<string[]> {
  return (await readdir(path.join(distDir, 'assets'))).filter((name) => name.endsWith(ext)).map((name) => `assets/${name}`);
}

function chunk(prefix: string, files: string[]): string {
  const found = files.find((file) => path.basename(file).startsWith(`${prefix}-`));
  if (!found) throw new Error(`no ${prefix} chunk in ${files.join(', ')}`);
  return found;
}

/** A chunk and every chunk it statically imports, as dist-relative paths. */
async function staticClosure(start: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = await readFile(path.join(distDir, start), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    await staticClosure(`assets/${match[1]}`, seen);
  }
  return seen;
}

async function compressedSize(file: string, suffix: '.br' | '.gz'): Promise<number> {
  const full = path.join(distDir, file);
  return existsSync(`${full}${suffix}`) ? (await stat(`${full}${suffix}`)).size : (await stat(full)).size;
}

beforeAll(ensureBuilt, 180_000);

beforeAll(async () => {
  const sw = await readFile(path.join(distDir, 'sw.js'), 'utf8');
  precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
  indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
});

describe('service worker precache (dist/sw.js)', () => {
  it('lists the app shell: index.html, the web manifest and its icons', () => {
    expect(precached).toEqual(
      expect.arrayContaining([
        'index.html',
        'manifest.webmanifest',
        'icons/icon-192.png',
        'icons/icon-512.png',
        'icons/icon-maskable-512.png',
      ]),
    );
  });

  it('lists every JS and CSS chunk, the lazy route chunks included', async () => {
    const assets = [...(await assetFiles('.js')), ...(await assetFiles('.css'))];
    expect(precached).toEqual(expect.arrayContaining(assets));
    for (const route of ['MenuPage', 'NotFoundPage', 'BlankLayout', 'NoSidebarLayout']) {
      expect(precached).toContain(chunk(route, assets));
    }
  });

  it('lists each file once, only files that exist, and no pre-compressed copies', () => {
    expect(new Set(precached).size).toBe(precached.length);
    for (const url of precached) expect(existsSync(path.join(distDir, url)), url).toBe(true);
    expect(precached.filter((url) => /\.(br|gz)$/.test(url))).toEqual([]);
  });

  it('never lists media or large files', async () => {
    expect(precached.filter((url) => /\.(mp4|webm|mkv|mp3|ogg|m4a|wav|pdf|apk|zip|jpe?g)$/i.test(url))).toEqual([]);
    for (const url of precached) {
      expect((await stat(path.join(distDir, url))).size, url).toBeLessThan(512 * KIB);
    }
  });
});

describe('web manifest (dist/manifest.webmanifest)', () => {
  it('is Spanish, standalone, starts at /menu and has 192, 512 and maskable icons that exist', async () => {
    const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.webmanifest'), 'utf8')) as {
      lang: string;
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ lang: 'es', name: 'Kit Portal', display: 'standalone', start_url: '/menu' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) expect(existsSync(path.join(distDir, icon.src)), icon.src).toBe(true);
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(indexHtml).toContain('<html lang="es">');
  });
});

describe('pre-compressed copies', () => {
  it('exist beside the main script and decompress to it', async () => {
    const entry = /<script type="module" crossorigin src="\/(assets\/index-[^"]+\.js)"/.exec(indexHtml)?.[1];
    expect(entry).toBeDefined();
    const full = path.join(distDir, entry ?? '');
    const original = await readFile(full);
    expect(brotliDecompressSync(await readFile(`${full}.br`)).equals(original)).toBe(true);
    expect(gunzipSync(await readFile(`${full}.gz`)).equals(original)).toBe(true);
  });

  it('exist for the service worker and every script and stylesheet over 1 KB', async () => {
    const files = ['sw.js', ...(await assetFiles('.js')), ...(await assetFiles('.css'))];
    for (const file of files) {
      if ((await stat(path.join(distDir, file))).size < KIB) continue;
      expect(existsSync(path.join(distDir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(path.join(distDir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });
});

describe('index.html', () => {
  it('preloads every chunk the entry imports, so the phone asks for them all at once rather than after parsing the entry', async () => {
    const entry = chunk('index', await assetFiles('.js'));
    const imported = [...(await staticClosure(entry))].filter((file) => file !== entry);
    expect(imported.length).toBeGreaterThan(0);
    for (const file of imported) expect(indexHtml, file).toContain(`<link rel="modulepreload" crossorigin href="/${file}">`);
  });
});

describe('/menu download budget', () => {
  it(`stays within ${MENU_BUDGET_BROTLI / KIB} KB brotli (${MENU_BUDGET_GZIP / KIB} KB gzip) of JS and CSS`, async () => {
    const scripts = await assetFiles('.js');
    const styles = await assetFiles('.css');
    const entry = chunk('index', scripts);
    const files = new Set<string>();
    for (const start of [entry, chunk('BlankLayout', scripts), chunk('MenuPage', scripts)]) {
      for (const file of await staticClosure(start)) files.add(file);
    }
    for (const style of [chunk('index', styles), chunk('MenuPage', styles)]) files.add(style);
    expect([...files].some((file) => file.includes('NotFoundPage'))).toBe(false);

    let brotli = 0;
    let gzip = 0;
    for (const file of files) {
      brotli += await compressedSize(file, '.br');
      gzip += await compressedSize(file, '.gz');
    }
    expect(brotli, `brotli ${(brotli / KIB).toFixed(1)} KB`).toBeLessThanOrEqual(MENU_BUDGET_BROTLI);
    expect(gzip, `gzip ${(gzip / KIB).toFixed(1)} KB`).toBeLessThanOrEqual(MENU_BUDGET_GZIP);
  });
});

describe('the resource page and the phone’s store', () => {
  it('shows a resource without waiting for the phone’s store (Dexie): neither the library layout nor the page imports it', async () => {
    const scripts = await assetFiles('.js');
    for (const route of ['root-route', 'resource-route']) {
      const closure = [...(await staticClosure(chunk(route, scripts)))].map((file) => path.basename(file));
      expect(closure.filter((file) => file.startsWith('offline-store-')), route).toEqual([]);
    }
  });
});

describe('/resource/{id} loader chunk', () => {
  it('asks for the resource without waiting for the page’s chunk or the phone’s store (Dexie)', async () => {
    const scripts = await assetFiles('.js');
    const closure = [...(await staticClosure(chunk('resource-early', scripts)))].map((file) => path.basename(file));
    expect(closure.filter((file) => /^(resource-route|offline-store|page-copy)-/.test(file))).toEqual([]);
  });
});
