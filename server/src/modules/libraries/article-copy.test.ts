import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorld, errorCode, type ContribWorld } from '../../../test/contrib-helper.ts';
import { libraryDraft, uploadLibrary } from '../../../test/library-upload.ts';
import { illustrationPng } from '../../../test/zim-tools.ts';
import { buildTestZim, type TestEntry } from '../../../test/zim-writer.ts';
import { AppError } from '../../errors.ts';
import { ZimFile } from '../../zim/zim-file.ts';
import { ARTICLE_COPY_MAX_BYTES, articleCopy, referencedPath } from './article-copy.ts';
import { ZIM_CSP } from './zim.routes.ts';

const PNG = illustrationPng();
const PNG_URI = `data:image/png;base64,${PNG.toString('base64')}`;

const page = (title: string, head: string, body: string): string =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const ARTICLE = page(
  'Ceiba',
  '<base href="https://otro.example/"><link rel="stylesheet" href="s/estilo.css"><link rel="preload" href="s/app.js" as="script"><script src="s/app.js"></script>',
  `<h1 onclick="robar()">Ceiba</h1><p>La ceiba es un árbol sagrado.</p>
   <img src="img/ceiba.png" srcset="img/ceiba.png 2x" alt="Una ceiba">
   <div style="background: url('img/ceiba.png')">fondo</div>
   <script>document.cookie</script>
   <video src="video.webm"></video>
   <a href="https://es.wikipedia.org/wiki/Ceiba">fuera</a> <img src="https://example.org/lejos.png">`,
);

const unified: TestEntry[] = [
  { namespace: 'C', path: 'index.html', title: 'Portada', mimeType: 'text/html', content: page('Portada', '', '<a href="Ceiba">Ceiba</a>') },
  { namespace: 'C', path: 'Ceiba', mimeType: 'text/html', content: ARTICLE },
  { namespace: 'C', path: 'Árbol sagrado', redirectTo: { namespace: 'C', path: 'Ceiba' } },
  { namespace: 'C', path: 's/estilo.css', mimeType: 'text/css', content: '@import "otro.css"; h1 { background: url(../img/ceiba.png) }' },
  { namespace: 'C', path: 's/app.js', mimeType: 'application/javascript', content: 'fetch("/api/v2/me")' },
  { namespace: 'C', path: 'img/ceiba.png', mimeType: 'image/png', content: PNG },
  { namespace: 'C', path: 'video.webm', mimeType: 'video/webm', content: Buffer.alloc(64 * 1024, 7) },
  { namespace: 'C', path: 'grande.html', mimeType: 'text/html', content: page('Grande', '', '<img src="img/grande.png">') },
  { namespace: 'C', path: 'img/grande.png', mimeType: 'image/png', content: Buffer.alloc(300 * 1024, 1) },
  { namespace: 'M', path: 'Title', content: 'Prueba' },
];

const legacy: TestEntry[] = [
  { namespace: 'A', path: 'Ceiba', mimeType: 'text/html', content: page('Ceiba', '<link rel="stylesheet" href="../-/estilo.css">', '<img src="../I/ceiba.png">') },
  { namespace: 'I', path: 'ceiba.png', mimeType: 'image/png', content: PNG },
  { namespace: '-', path: 'estilo.css', mimeType: 'text/css', content: 'p { color: green }' },
];

let dir: string;
let zstd: ZimFile;
let xz: ZimFile;
let old: ZimFile;

async function write(name: string, bytes: Buffer): Promise<ZimFile> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return ZimFile.open(file);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'article-copy-'));
  const mainPage = { namespace: 'C', path: 'index.html' };
  zstd = await write('zstd.zim', buildTestZim(unified, { compression: 'zstd', minorVersion: 1, mainPage }));
  xz = await write('xz.zim', buildTestZim(unified, { compression: 'xz', minorVersion: 1, mainPage }));
  old = await write('old.zim', buildTestZim(legacy, { compression: 'xz', minorVersion: 0 }));
});

afterAll(async () => {
  await Promise.all([zstd, xz, old].map((zim) => zim?.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof AppError ? error.code : error));

describe('articleCopy (one article, self-contained)', () => {
  it.each([
    ['zstd', () => zstd],
    ['xz', () => xz],
  ])('inlines the pictures and the stylesheet of a %s article and leaves the scripts out', async (_name, zim) => {
    const { path: copied, html } = await articleCopy(zim(), 'Ceiba');
    expect(copied).toBe('Ceiba');
    expect(html).toContain('La ceiba es un árbol sagrado.');
    expect(html).toContain(`<img src="${PNG_URI}" alt="Una ceiba">`);
    expect(html).toMatch(/<style>\s*h1 { background: url\("data:image\/png;base64,[^"]+"\) }<\/style>/);
    expect(html).toContain(`style="background: url(&quot;${PNG_URI}&quot;)"`);
    expect(html).not.toMatch(/<script|onclick|robar|app\.js|@import|srcset/i);
    // links open the reader's address of the other article, in the whole window
    expect(html).toContain('<head><base target="_top"><meta charset="utf-8">');
    expect(html).not.toContain('otro.example');
    // videos and the outside world are not part of a copy
    expect(html).toContain('<video src="video.webm">');
    expect(html).toContain('<img src="https://example.org/lejos.png">');
  });

  it('copies the article a redirect names, and the main page for an empty path', async () => {
    expect((await articleCopy(zstd, 'Árbol sagrado')).path).toBe('Ceiba');
    const main = await articleCopy(zstd, '');
    expect(main.path).toBe('index.html');
    expect(main.html).toContain('<title>Portada</title>');
  });

  it('follows the old layout across namespaces (../I/, ../-/)', async () => {
    const { html } = await articleCopy(old, 'A/Ceiba');
    expect(html).toContain(`<img src="${PNG_URI}">`);
    expect(html).toContain('<style>p { color: green }</style>');
  });

  it('refuses a copy over the limit with ZIM_COPY_TOO_LARGE, before reading the big picture', async () => {
    expect(await refusal(articleCopy(zstd, 'grande.html', 200 * 1024))).toBe('ZIM_COPY_TOO_LARGE');
    // the same picture fits a larger limit
    expect((await articleCopy(zstd, 'grande.html', 1024 * 1024)).html).toContain('data:image/png;base64,');
  });

  it('refuses a path that is not there (ZIM_ENTRY_NOT_FOUND) and a file that is not a page (ZIM_COPY_NOT_ARTICLE)', async () => {
    expect(await refusal(articleCopy(zstd, 'No existe'))).toBe('ZIM_ENTRY_NOT_FOUND');
    expect(await refusal(articleCopy(zstd, 'img/ceiba.png'))).toBe('ZIM_COPY_NOT_ARTICLE');
  });
});

describe('referencedPath', () => {
  it('resolves relative references and leaves the outside world alone', () => {
    expect(referencedPath('../img/a%20b.png?x=1#top', 's/estilo.css')).toBe('img/a b.png');
    expect(referencedPath('../I/foto.png', 'A/Árbol')).toBe('I/foto.png');
    expect(referencedPath('../../../etc/passwd', 'A/x')).toBe('etc/passwd');
    for (const outside of ['https://example.org/a.png', '//example.org/a.png', 'data:image/png;base64,AA', 'javascript:alert(1)', '#arriba', '']) {
      expect(referencedPath(outside, 'Ceiba')).toBeUndefined();
    }
  });
});

describe('GET /api/v2/libraries/{id}/copy', () => {
  let w: ContribWorld;
  let api: ReturnType<typeof caller>;
  let id: number;

  beforeAll(async () => {
    w = await contribWorld();
    api = caller(w);
    const huge: TestEntry[] = [
      { namespace: 'C', path: 'enorme.html', mimeType: 'text/html', content: page('Enorme', '', '<img src="enorme.png">') },
      // not compressible: the file really holds it
      { namespace: 'C', path: 'enorme.png', mimeType: 'image/png', content: randomBytes(ARTICLE_COPY_MAX_BYTES) },
    ];
    const zim = buildTestZim([...unified, ...huge], { compression: 'zstd', minorVersion: 1, mainPage: { namespace: 'C', path: 'index.html' } });
    id = await libraryDraft(api, w);
    const done = await uploadLibrary(api, id, zim);
    expect(done.statusCode, done.body).toBe(200);
  }, 60_000);

  afterAll(() => w?.t.close());

  it('answers the self-contained article as sandboxed HTML', async () => {
    const res = await api('admin', 'GET', `/v2/libraries/${id}/copy?path=${encodeURIComponent('Árbol sagrado')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(ZIM_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain(`<img src="${PNG_URI}" alt="Una ceiba">`);
    expect(res.body).not.toContain('<script');
  });

  it('refuses with stable codes and Spanish messages', async () => {
    const tooLarge = await api('admin', 'GET', `/v2/libraries/${id}/copy?path=enorme.html`);
    expect(tooLarge.statusCode).toBe(413);
    expect(errorCode(tooLarge)).toBe('ZIM_COPY_TOO_LARGE');
    expect(tooLarge.json().error.message).toBe('Este artículo es demasiado grande para guardarlo en el teléfono');
    const missing = await api('admin', 'GET', `/v2/libraries/${id}/copy?path=Nada`);
    expect([missing.statusCode, errorCode(missing)]).toEqual([404, 'ZIM_ENTRY_NOT_FOUND']);
    const picture = await api('admin', 'GET', `/v2/libraries/${id}/copy?path=img/ceiba.png`);
    expect([picture.statusCode, errorCode(picture)]).toEqual([415, 'ZIM_COPY_NOT_ARTICLE']);
  });

  it('copies nothing of a library the caller may not see, or whose check failed', async () => {
    // a draft is its owner's (the admin's) alone
    const hidden = await api('other', 'GET', `/v2/libraries/${id}/copy?path=Ceiba`);
    expect([hidden.statusCode, errorCode(hidden)]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    await w.t.app.libraryChecks.idle();
    w.t.app.db.prepare("UPDATE zim_libraries SET check_state = 'failed' WHERE resource_id = ?").run(id);
    const failed = await api('admin', 'GET', `/v2/libraries/${id}/copy?path=Ceiba`);
    expect([failed.statusCode, errorCode(failed)]).toEqual([403, 'LIBRARY_CHECK_FAILED']);
  });
});
