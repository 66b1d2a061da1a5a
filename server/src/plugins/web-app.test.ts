import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../test/helper.ts';

// A tiny stand-in for web/dist with the same shape the Vite build writes.
const webDir = tempDir('kit-web-');
const script = 'console.log("hola");'.repeat(100);
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html lang="es"><title>Kit</title></html>');
fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), script);
fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ KIT_WEB_DIR: webDir });
});
afterAll(() => t.close());

describe('serving the built PWA', () => {
  it('serves hashed assets pre-compressed with brotli and immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets the service worker or the shell be cached stale', async () => {
    for (const url of ['/sw.js', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers the app shell for client routes, including unknown ones', async () => {
    for (const url of ['/menu', '/biblioteca?c=3', '/esto/no/existe']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toContain('lang="es"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps unknown /api paths and non-GET methods as the 404 error object', async () => {
    for (const [method, url] of [['GET', '/api/nada'], ['POST', '/menu']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('refuses path traversal out of the build folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});

/** Scripts and workers only from the kit, no plugins, no <base>, nobody framing the portal; nothing inline (docs/ARCHITECTURE.md). */
const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; " +
  "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe('the headers of the pages', () => {
  it('gives every answer of the web app the page policy, nosniff and a referrer policy', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/index.html' }),
      await t.app.inject({ method: 'GET', url: '/menu', headers: { accept: 'text/html' } }),
      await t.app.inject({ method: 'GET', url: '/esto/no/existe', headers: { accept: 'text/html' } }),
      await t.app.inject({ method: 'GET', url: '/sw.js' }),
      await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } }),
      await t.app.inject({ method: 'HEAD', url: '/menu' }),
      await t.app.inject({ method: 'GET', url: '/api/nada' }),
    ];
    for (const res of answers) {
      const label = `${res.raw.req.method} ${res.raw.req.url}`;
      expect(res.headers['content-security-policy'], label).toBe(PAGE_POLICY);
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['referrer-policy'], label).toBe('same-origin');
    }
  });

});

describe('old browsers on a kit', () => {
  const oldAndroid = 'Mozilla/5.0 (Linux; Android 4.4.2; GT-I9300) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/40.0.2214.89 Mobile Safari/537.36';
  const newAndroid = 'Mozilla/5.0 (Linux; Android 11; SM-A105M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36';

  it('are sent to the browser downloads by the server, since they cannot run the app', async () => {
    const kit = await buildTestApp({ KIT_WEB_DIR: webDir, KIT_IS_KIT: 'true' });
    const old = await kit.app.inject({ method: 'GET', url: '/menu', headers: { 'user-agent': oldAndroid, host: 'portal.kit' } });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe('/extra/download-browser');
    const current = await kit.app.inject({ method: 'GET', url: '/menu', headers: { 'user-agent': newAndroid, host: 'portal.kit' } });
    expect(current.statusCode).toBe(200);
    await kit.close();
  });

  it('are served as usual off a kit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/menu', headers: { 'user-agent': oldAndroid } });
    expect(res.statusCode).toBe(200);
  });
});
