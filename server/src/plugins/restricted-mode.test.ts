import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login, tempDir, type TestApp } from '../../test/helper.ts';
import { addMedia, addResource, patternBytes } from '../../test/library-fixtures.ts';
import { APK_BYTES, multipartFile, PNG_BYTES } from '../../test/portal-helpers.ts';
import { insertBanner } from '../modules/menu/menu.repo.ts';
import { writeSettings } from '../kit-settings/kit-settings.repo.ts';

/*
 * Restricted mode enforced by the server (plugins/restricted-mode.ts): what an
 * anonymous caller still reaches, and that everything else is a 401 (the
 * route × role table checks every API route; this file the rest of the doors).
 */

const webDir = tempDir('kit-web-');
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html lang="es"><title>Kit</title></html>');
fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log("hola");');

let t: TestApp;
let user: Record<string, string>;
let resource = 0;
let libraryFile = '';
let bannerFile = '';
let browserId = 0;

beforeAll(async () => {
  t = await buildTestApp({ KIT_WEB_DIR: webDir });
  const db = t.app.db;
  const owner = await createUser(t.app, 'rosa', 'secreto-rosa');
  await createUser(t.app, 'jefa', 'secreto-jefa', { admin: true });
  user = { authorization: `Bearer ${(await login(t.app, 'rosa', 'secreto-rosa')).token}` };
  const admin = { authorization: `Bearer ${(await login(t.app, 'jefa', 'secreto-jefa')).token}` };
  const videoSha = addMedia(db, t.dataDir, patternBytes(2000, 3), 'mp4', 'video/mp4');
  libraryFile = `${videoSha}.mp4`;
  resource = addResource(db, { title: 'Riego por goteo', type: 3, user: owner, media: videoSha });
  const bannerSha = addMedia(db, t.dataDir, PNG_BYTES, 'png', 'image/png');
  bannerFile = `${bannerSha}.png`;
  insertBanner(db, 'menuTop', bannerSha);
  const body = multipartFile(APK_BYTES, 'navegador.apk');
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/v2/admin/extra/browsers?name=Navegador', headers: { ...admin, ...body.headers }, payload: body.payload });
  browserId = (uploaded.json() as { id: number }).id;
  writeSettings(db, { restrictedMode: true });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'HEAD' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('restricted mode, anonymous callers', () => {
  it.each([
    ['a search', 'GET', '/api/v3/searchResource?section=all'],
    ['a resource', 'GET', () => `/api/v2/resource/${resource}`],
    ['a resource file', 'GET', () => `/api/v2/resource/${resource}/media`],
    ['a library file through the media store', 'GET', () => `/api/media/${libraryFile}`],
    ['the headers of a library file', 'HEAD', () => `/api/media/${libraryFile}`],
    ['a user profile', 'GET', '/api/users/1'],
    ['the apps', 'GET', '/api/v2/apps'],
    ['the category tree', 'GET', '/api/content/types'],
    ['the notices board', 'GET', '/api/v2/ads'],
    ['the contact form', 'POST', '/api/v2/contact'],
  ] as const)('get 401 for %s', async (_what, method, url) => {
    const res = await call(method, typeof url === 'function' ? url() : url);
    expect(res.statusCode).toBe(401);
    if (method !== 'HEAD') expect(res.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Debes iniciar sesión para continuar' });
  });

  it("are told a refused token has expired, so the app logs out", async () => {
    const res = await call('GET', `/api/v2/resource/${resource}`, { authorization: 'Bearer no.es.valido' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it.each([
    ['the client config', 'GET', '/api/v2/id/config', 200],
    ["the menu's data", 'GET', '/api/v3/fastAccessServices', 200],
    ['who they are', 'GET', '/api/v2/session', 200],
    ['the health check', 'GET', '/api/health', 200],
    ['the app shell', 'GET', '/index.html', 200],
    ['a client route, which draws the login', 'GET', '/login?cb=%2Fbiblioteca', 200],
    ['a built asset', 'GET', '/assets/app-abc123.js', 200],
    ['the terms of use', 'GET', '/pdf/tyc-uayki.pdf', 200],
    ['the old-browser page', 'GET', '/extra/download-browser', 200],
    ['its list of browsers', 'GET', '/api/v2/extra/browsers', 200],
    ['a browser to download', 'GET', () => `/api/v2/extra/browsers/${browserId}/file`, 200],
    ["the menu's banner", 'GET', () => `/api/media/${bannerFile}`, 200],
    ["the headers of the menu's banner", 'HEAD', () => `/api/media/${bannerFile}`, 200],
    ['an unknown API path (404, as before)', 'GET', '/api/no-existe', 404],
  ] as const)('still reach %s', async (_what, method, url, status) => {
    expect((await call(method, typeof url === 'function' ? url() : url)).statusCode).toBe(status);
  });

  it('leave kit-to-kit sync alone: a published hub is served as before', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'hub', 'feed.json'), '{"format":1}');
    const feed = await call('GET', '/hub/feed.json');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toBe('{"format":1}');
  });

  it('can register, log in and log out', async () => {
    const registered = await call('POST', '/api/user/create', {}, { user_name: 'nueva', name: 'Ana', last_name: 'Quispe', password: 'clave-nueva-1' });
    expect(registered.statusCode).toBe(201);
    const wrong = await call('POST', '/api/auth', {}, { user_name: 'nueva', password: 'otra-clave' });
    expect(wrong.json().error.code).toBe('BAD_CREDENTIALS');
    const temporary = await call('POST', '/api/v3/authTemporary', {}, { user_name: 'nueva', password: 'no-es-temporal' });
    expect(temporary.json().error.code).not.toBe('UNAUTHORIZED');
    const session = await call('POST', '/api/auth', {}, { user_name: 'nueva', password: 'clave-nueva-1' });
    expect(session.statusCode).toBe(200);
    const token = (session.json() as { token: string }).token;
    expect((await call('GET', `/api/v2/resource/${resource}`, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await call('POST', '/api/deauth', { authorization: `Bearer ${token}` })).statusCode).toBeLessThan(300);
  });
});

describe('restricted mode, signed-in callers', () => {
  it('read the library, its files and profiles as before', async () => {
    for (const url of ['/api/v3/searchResource?section=all', `/api/v2/resource/${resource}`, `/api/media/${libraryFile}`, '/api/users/1', '/api/v2/apps']) {
      expect((await call('GET', url, user)).statusCode, url).toBe(200);
    }
  });
});

describe('restricted mode off', () => {
  it('leaves the library open to anonymous callers', async () => {
    writeSettings(t.app.db, { restrictedMode: false });
    try {
      for (const url of ['/api/v3/searchResource?section=all', `/api/v2/resource/${resource}`, `/api/media/${libraryFile}`, '/api/v2/apps']) {
        expect((await call('GET', url)).statusCode, url).toBe(200);
      }
    } finally {
      writeSettings(t.app.db, { restrictedMode: true });
    }
  });
});

describe('restricted mode on a kit', () => {
  it("still answers the phones' captive-portal probes", async () => {
    const kit = await buildTestApp({ KIT_IS_KIT: 'true', PORT: '80', KIT_WEB_DIR: webDir });
    try {
      writeSettings(kit.app.db, { restrictedMode: true });
      const probe = await kit.app.inject({ method: 'GET', url: '/generate_204', headers: { host: 'connectivitycheck.gstatic.com' }, remoteAddress: '10.42.0.60' });
      expect(probe.statusCode).toBe(302);
      expect(probe.headers.location).toBe('http://portal.kit/menu');
      await kit.app.inject({ method: 'GET', url: '/menu', headers: { host: 'portal.kit', accept: 'text/html' }, remoteAddress: '10.42.0.60' });
      expect((await kit.app.inject({ method: 'GET', url: '/generate_204', headers: { host: 'connectivitycheck.gstatic.com' }, remoteAddress: '10.42.0.60' })).statusCode).toBe(204);
    } finally {
      await kit.close();
    }
  });
});
