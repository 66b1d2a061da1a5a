import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorld, errorCode, validDraft, type ContribWorld, type Who } from '../../../test/contrib-helper.ts';
import { pollFor } from '../../../test/helper.ts';
import { libraryDraft, uploadLibrary } from '../../../test/library-upload.ts';
import { buildTestZim, type TestEntry } from '../../../test/zim-writer.ts';
import { anotherCopy, illustrationPng, libraryZim, zimdumpDump, zimdumpList, zimwriterfs } from '../../../test/zim-tools.ts';
import { mediaPath } from '../../media/store.ts';
import { ZIM_CSP } from './zim.routes.ts';
import { rewriteArticle } from './zim-html.ts';
import { READ_GRANT_SECONDS, ReadGrants } from './read-grant.ts';
import { loadOrCreateSecret } from '../auth/secret.ts';
import { writeSettings } from '../../kit-settings/kit-settings.repo.ts';

let dir: string;
let w: ContribWorld;
let api: ReturnType<typeof caller>;

const page = (title: string, body: string): string =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** A library of the kit: the file through the upload door, its check done, published. */
async function addLibrary(bytes: Buffer, status = 'published'): Promise<number> {
  const id = await libraryDraft(api, w);
  const done = await uploadLibrary(api, id, bytes);
  expect(done.statusCode, done.body).toBe(200);
  await pollFor(`la comprobación del recurso ${id}`, 20, () => {
    const row = w.t.app.db.prepare<[number], { check_state: string }>('SELECT check_state FROM zim_libraries WHERE resource_id = ?').get(id);
    return row?.check_state === 'checking' ? null : row;
  });
  w.t.app.db.prepare('UPDATE resources SET status = ? WHERE id = ?').run(status, id);
  return id;
}

/** GET (or another method) of a /zim/ URL as one of the world's people. */
const zim = (who: Who, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<LightMyRequestResponse> =>
  w.t.app.inject({ method, url, headers: { ...(who === 'anonymous' ? {} : { authorization: `Bearer ${w.tokens[who]}` }), ...headers } });

/**
 * A reader's visit: the first request carries the session; when it is sent on
 * under a read grant, the rest go there without it, as from the sandboxed frame.
 */
async function read(who: Who, url: string): Promise<LightMyRequestResponse> {
  const first = await zim(who, url);
  const to = first.headers.location;
  return first.statusCode === 302 && typeof to === 'string' && /^\/zim\/\d+\/~/.test(to) ? zim('anonymous', to) : first;
}

/** How the test names a content path in a URL: each segment percent-encoded. */
const urlOf = (id: number, contentPath: string): string => `/zim/${id}/${contentPath.split('/').map(encodeURIComponent).join('/')}`;

/** Every item zimdump lists is served with zimdump's bytes (HTML pages through the documented rewrite). */
async function expectEveryItemAsZimdump(id: number, file: string): Promise<number> {
  const dumped = await zimdumpDump(file, path.join(path.dirname(file), `dump-${id}`));
  let items = 0;
  for (const entry of await zimdumpList(file)) {
    // zimdump also lists an old file's metadata (M/), which is no article
    if (entry.type !== 'item' || entry.path.startsWith('M/')) continue;
    const expected = await fs.readFile(path.join(dumped, entry.path));
    const res = await zim('anonymous', urlOf(id, entry.path));
    expect(res.statusCode, entry.path).toBe(200);
    expect(res.headers['content-type'], entry.path).toMatch(new RegExp(`^${(entry.mimeType ?? '').replace(/[+.]/g, '\\$&')}`));
    const html = entry.mimeType?.startsWith('text/html') === true;
    expect(res.rawPayload.equals(html ? rewriteArticle(expected, id) : expected), entry.path).toBe(true);
    items++;
  }
  return items;
}

let zstdFile: string;
let zstdId: number;
let xzFile: string;
let xzId: number;
const VIDEO = Buffer.alloc(300 * 1024, 7);

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-serve-'));
  w = await contribWorld();
  api = caller(w);
  zstdFile = await zimwriterfs(
    await fs.mkdtemp(path.join(dir, 'zstd-')),
    [
      { file: 'index.html', content: page('Portada', '<a href="árbol.html">Árbol</a> <a href="https://es.wikipedia.org/wiki/Ceiba?x=1&amp;y=2">Wikipedia</a> <img src="img.png">') },
      { file: 'árbol.html', content: page('Árbol de la vida', `<p>${'La ceiba es un árbol sagrado. '.repeat(400)}</p>`) },
      { file: 'arbol.html', content: '<html><head><meta http-equiv="refresh" content="0;url=árbol.html"><title>Árbol redirigido</title></head><body></body></html>' },
      { file: 'img.png', content: illustrationPng() },
      { file: 'video.webm', content: VIDEO },
    ],
    { welcome: 'index.html', illustration: 'img.png', title: 'Páginas de prueba' },
  );
  zstdId = await addLibrary(await fs.readFile(zstdFile));

  const legacy: TestEntry[] = [
    { namespace: 'A', path: 'Portada', title: 'Página principal', mimeType: 'text/html', content: page('Portada', '<a href="Árbol">Árbol</a><img src="../I/foto.png">') },
    { namespace: 'A', path: 'Árbol', title: 'Árbol de la vida', mimeType: 'text/html', content: page('Árbol', 'La ceiba es sagrada.') },
    { namespace: 'A', path: 'Arbol', title: 'Árbol (otra grafía)', redirectTo: { namespace: 'A', path: 'Árbol' } },
    { namespace: 'I', path: 'foto.png', mimeType: 'image/png', content: illustrationPng() },
    { namespace: 'M', path: 'Title', mimeType: 'text/plain', content: 'Biblioteca antigua' },
    { namespace: 'M', path: 'Language', mimeType: 'text/plain', content: 'spa' },
    { namespace: 'M', path: 'Illustration_48x48@1', mimeType: 'image/png', content: illustrationPng() },
  ];
  xzFile = path.join(dir, 'antigua.zim');
  await fs.writeFile(xzFile, buildTestZim(legacy, { compression: 'xz', majorVersion: 5, minorVersion: 0, mainPage: { namespace: 'A', path: 'Portada' } }));
  xzId = await addLibrary(await fs.readFile(xzFile));
}, 60_000);

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await w?.t.close();
});

describe('GET /zim/{resourceId}/{entry path}', () => {
  it('serves every item of a zimwriterfs file (zstd, current layout) with the bytes zimdump gives', async () => {
    expect(await expectEveryItemAsZimdump(zstdId, zstdFile)).toBeGreaterThanOrEqual(4);
  });

  it('serves every item of an old-layout xz file with the bytes zimdump gives, namespaces in the path', async () => {
    expect(await expectEveryItemAsZimdump(xzId, xzFile)).toBeGreaterThanOrEqual(3);
    expect((await zim('anonymous', urlOf(xzId, 'I/foto.png'))).headers['content-type']).toBe('image/png');
  });

  it('sends the sandbox policy, nosniff, and an ETag of the file and entry that answers 304', async () => {
    const res = await zim('anonymous', urlOf(zstdId, 'img.png'));
    expect(res.headers['content-security-policy']).toBe(ZIM_CSP);
    expect(ZIM_CSP).toMatch(/^sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation;/);
    expect(ZIM_CSP).not.toMatch(/allow-same-origin/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(res.headers.etag);
    const sha = w.t.app.db.prepare<[number], { media_sha256: string }>('SELECT media_sha256 FROM resources WHERE id = ?').get(zstdId)?.media_sha256 ?? '';
    expect(etag).toContain(sha);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await zim('anonymous', urlOf(zstdId, 'img.png'), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers byte ranges with 206, and 416 past the end', async () => {
    const part = await zim('anonymous', urlOf(zstdId, 'video.webm'), { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${VIDEO.length}`);
    expect(part.rawPayload.equals(VIDEO.subarray(1000, 2000))).toBe(true);
    const tail = await zim('anonymous', urlOf(zstdId, 'video.webm'), { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(VIDEO.subarray(-10))).toBe(true);
    const past = await zim('anonymous', urlOf(zstdId, 'video.webm'), { range: `bytes=${VIDEO.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
    expect(errorCode(past)).toBe('RANGE_NOT_SATISFIABLE');
    const head = await zim('anonymous', urlOf(zstdId, 'video.webm'), {}, 'HEAD');
    expect(head.headers['content-length']).toBe(String(VIDEO.length));
  });

  it('redirects /zim/{id}/ and /zim/{id} to the main page, and a redirect entry to its target, under the same prefix', async () => {
    const front = await zim('anonymous', `/zim/${zstdId}/`);
    expect(front.statusCode).toBe(302);
    expect(front.headers.location).toBe(`/zim/${zstdId}/index.html`);
    expect((await zim('anonymous', `/zim/${zstdId}`)).headers.location).toBe(`/zim/${zstdId}/`);
    const moved = await zim('anonymous', urlOf(zstdId, 'arbol.html'));
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(urlOf(zstdId, 'árbol.html'));
    expect((await zim('anonymous', `/zim/${xzId}/`)).headers.location).toBe(`/zim/${xzId}/A/Portada`);
    expect((await zim('anonymous', urlOf(xzId, 'A/Arbol'))).headers.location).toBe(urlOf(xzId, 'A/Árbol'));
  });

  it('rewrites outside links to the notice page at the top, and adds the frame script', async () => {
    const html = (await zim('anonymous', urlOf(zstdId, 'index.html'))).body;
    expect(html).toContain(`<a href="/resource/${zstdId}/read-outside?to=${encodeURIComponent('https://es.wikipedia.org/wiki/Ceiba?x=1&y=2')}" target="_top">Wikipedia</a>`);
    expect(html).toContain('<a href="árbol.html">Árbol</a>');
    expect(html).toContain('<script src="/zim-frame.js" defer></script></head>');
    const script = await zim('anonymous', '/zim-frame.js');
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('postMessage');
  });

  it('answers 404 ZIM_ENTRY_NOT_FOUND, in Spanish, for a path the file does not hold, odd bytes and ".."', async () => {
    for (const url of [urlOf(zstdId, 'no-existe.html'), `/zim/${zstdId}/%00`, `/zim/${zstdId}/a/%2e%2e/b`, `/zim/${xzId}/M/Title`, `/zim/${xzId}/Portada`]) {
      const res = await zim('anonymous', url);
      expect(res.statusCode, url).toBe(404);
      expect(errorCode(res), url).toBe('ZIM_ENTRY_NOT_FOUND');
      expect(res.json().error.message).toBe('Esta página no está en la biblioteca');
      expect(res.headers['content-security-policy']).toBe(ZIM_CSP);
    }
    // A broken escape or bytes that are no UTF-8 make a malformed URL, refused by the router like anywhere on the kit.
    for (const url of [`/zim/${zstdId}/%E0%A4%A`, `/zim/${zstdId}/%FF%FE`]) expect(errorCode(await zim('anonymous', url)), url).toBe('VALIDATION');
  });

  it('shows a reader who opens a missing article a page in Spanish with the way to the main page; the error object stays for other callers', async () => {
    const inFrame = await zim('anonymous', urlOf(zstdId, 'no-existe.html'), { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' });
    expect(inFrame.statusCode).toBe(404);
    expect(inFrame.headers['content-type']).toMatch(/^text\/html/);
    expect(inFrame.headers['content-security-policy']).toBe(ZIM_CSP);
    expect(inFrame.body).toContain('<h1>Esta página no está en la biblioteca</h1>');
    expect(inFrame.body).toContain(`<a href="/zim/${zstdId}/">Ir a la portada de la biblioteca</a>`);
    // An older browser says it wants a page only in Accept.
    const gone = await zim('anonymous', '/zim/999999/index.html', { accept: 'text/html,*/*' });
    expect([gone.statusCode, gone.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(gone.body).toContain('El recurso no existe o no está disponible');
    // A picture or script the article asks for is no page: the error object.
    expect(errorCode(await zim('anonymous', urlOf(zstdId, 'no-existe.png'), { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }))).toBe('ZIM_ENTRY_NOT_FOUND');
  });

  it('refuses what the viewer may not see, what is not a library, and a library whose check failed', async () => {
    const pending = await addLibrary(anotherCopy(await fs.readFile(zstdFile)), 'pending');
    expect(errorCode(await zim('anonymous', `/zim/${pending}/index.html`))).toBe('RESOURCE_NOT_FOUND');
    expect(errorCode(await zim('other', `/zim/${pending}/index.html`))).toBe('RESOURCE_NOT_FOUND');
    expect((await read('admin', `/zim/${pending}/index.html`)).statusCode).toBe(200);
    expect(errorCode(await zim('anonymous', '/zim/999999/index.html'))).toBe('RESOURCE_NOT_FOUND');
    const pdf = (await api('admin', 'POST', '/v2/resources', { payload: validDraft(w) })).json().id as number;
    w.t.app.db.prepare("UPDATE resources SET status = 'published' WHERE id = ?").run(pdf);
    expect(errorCode(await zim('anonymous', `/zim/${pdf}/index.html`))).toBe('RESOURCE_NOT_FOUND');
    w.t.app.db.prepare("UPDATE zim_libraries SET check_state = 'failed' WHERE resource_id = ?").run(pending);
    const failed = await read('admin', `/zim/${pending}/index.html`);
    expect(failed.statusCode).toBe(403);
    expect(errorCode(failed)).toBe('LIBRARY_CHECK_FAILED');
  });
});

describe('a read grant: the sandboxed page\'s own requests carry no session', () => {
  const grantOf = (location: unknown): string => /^\/zim\/\d+\/(~[^/]+)\//.exec(String(location))?.[1] ?? '';
  const restricted = (on: boolean) => writeSettings(w.t.app.db, { restrictedMode: on });

  it('sends a signed-in reader of a kit in restricted mode under a grant, which serves the article, its pictures and its redirects to no one else', async () => {
    restricted(true);
    try {
      const first = await zim('owner', urlOf(zstdId, 'index.html'));
      expect(first.statusCode).toBe(302);
      expect(first.headers['cache-control']).toBe('no-store');
      const grant = grantOf(first.headers.location);
      expect(first.headers.location).toBe(`/zim/${zstdId}/${grant}/index.html`);
      // The page and what it loads, with no session at all.
      const under = (p: string, id = zstdId, g = grant) => zim('anonymous', `/zim/${id}/${g}/${p.split('/').map(encodeURIComponent).join('/')}`);
      expect((await under('index.html')).statusCode).toBe(200);
      const picture = await under('img.png');
      expect(picture.statusCode).toBe(200);
      expect(picture.rawPayload.equals(illustrationPng())).toBe(true);
      const moved = await under('arbol.html');
      expect(moved.headers.location).toBe(`/zim/${zstdId}/${grant}/${encodeURIComponent('árbol.html')}`);
      // A missing article's page leads back to the main page under the same grant.
      const missing = await zim('anonymous', `/zim/${zstdId}/${grant}/no-existe.html`, { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain(`<a href="/zim/${zstdId}/${grant}/">Ir a la portada de la biblioteca</a>`);
      // Without it, with one altered, or on another library: restricted mode as ever.
      expect((await zim('anonymous', urlOf(zstdId, 'img.png'))).statusCode).toBe(401);
      const altered = `${grant.slice(0, -1)}${grant.endsWith('A') ? 'B' : 'A'}`;
      expect(errorCode(await under('img.png', zstdId, altered))).toBe('UNAUTHORIZED');
      expect(errorCode(await under('I/foto.png', xzId))).toBe('UNAUTHORIZED');
      expect(errorCode(await under('img.png', zstdId, '~1.99999999999.x'))).toBe('UNAUTHORIZED');
      expect(errorCode(await zim('anonymous', `/zim/${zstdId}/~usuario/img.png`))).toBe('UNAUTHORIZED');
    } finally {
      restricted(false);
    }
  });

  it('ends with its time, and when the account logs out everywhere', async () => {
    const grants = new ReadGrants(loadOrCreateSecret(w.t.dataDir));
    // The admin who brought a library not yet published, the one who may read it.
    const viewer = { id: w.ids.admin, isAdmin: true, user_name: 'jefa', roleId: 0, denied: false, mustChangePassword: false };
    const pending = await addLibrary(anotherCopy(await fs.readFile(zstdFile)), 'pending');
    const asAdmin = (grant: string | null) => zim('anonymous', `/zim/${pending}/${grant}/img.png`);
    const old = grants.segment(w.t.app.db, pending, viewer, Date.now() - (READ_GRANT_SECONDS + 60) * 1000);
    expect(errorCode(await asAdmin(old))).toBe('RESOURCE_NOT_FOUND');
    const fresh = grants.segment(w.t.app.db, pending, viewer);
    expect((await asAdmin(fresh)).statusCode).toBe(200);
    w.t.app.db.prepare('UPDATE users SET token_version = token_version + 1 WHERE id = ?').run(w.ids.admin);
    try {
      expect(errorCode(await asAdmin(fresh))).toBe('RESOURCE_NOT_FOUND');
    } finally {
      w.t.app.db.prepare('UPDATE users SET token_version = token_version - 1 WHERE id = ?').run(w.ids.admin);
    }
  });

  it('is not made where anyone may read the library: the reader gets the article itself', async () => {
    const res = await zim('owner', urlOf(zstdId, 'index.html'));
    expect(res.statusCode).toBe(200);
  });
});

describe('a damaged file while its check runs', () => {
  it('answers an article in a broken cluster with 422 ZIM_CORRUPT, never a server error', async () => {
    const zimFile = buildTestZim(
      [
        { namespace: 'C', path: 'Portada', mimeType: 'text/html', content: page('Portada', 'La ceiba. '.repeat(200)) },
        { namespace: 'M', path: 'Title', mimeType: 'text/plain', content: 'Dañada' },
      ],
      { compression: 'zstd', minorVersion: 1, mainPage: { namespace: 'C', path: 'Portada' } },
    );
    const id = await addLibrary(zimFile);
    // The compressed page's bytes, spoiled in the stored copy (the check has passed already; a check still running looks the same).
    const sha = w.t.app.db.prepare<[number], { media_sha256: string }>('SELECT media_sha256 FROM resources WHERE id = ?').get(id)?.media_sha256 ?? '';
    const stored = mediaPath(w.t.dataDir, sha, 'zim');
    const bytes = await fs.readFile(stored);
    const frame = bytes.lastIndexOf(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
    bytes.fill(0xee, frame + 8, frame + 40);
    await fs.writeFile(stored, bytes);
    w.t.app.zimPool.forget(sha);
    const res = await zim('anonymous', `/zim/${id}/Portada`);
    expect(res.statusCode, res.body).toBe(422);
    expect(errorCode(res)).toBe('ZIM_CORRUPT');
  });
});

describe('the open-ZIM pool', () => {
  it('keeps at most four files open, least recently used out, and closes a deleted library\'s file', async () => {
    const pool = w.t.app.zimPool;
    const base = await libraryZim(await fs.mkdtemp(path.join(dir, 'pool-')));
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await addLibrary(anotherCopy(base), 'draft'));
    const shaOf = (id: number) => w.t.app.db.prepare<[number], { media_sha256: string }>('SELECT media_sha256 FROM resources WHERE id = ?').get(id)?.media_sha256 ?? '';
    for (const id of ids) {
      expect((await read('admin', `/zim/${id}/index.html`)).statusCode).toBe(200);
      expect(pool.size).toBeLessThanOrEqual(4);
    }
    expect(ids.map((id) => pool.has(shaOf(id)))).toEqual([false, false, true, true, true, true]);
    const last = ids.at(-1) ?? 0;
    const sha = shaOf(last);
    expect((await api('admin', 'DELETE', `/v2/resources/${last}`)).statusCode).toBe(200);
    expect(pool.has(sha)).toBe(false);
  });
});
