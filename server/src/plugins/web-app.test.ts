import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupDeviceDirs, selfSignedCertificate } from '../../test/device-helpers.ts';
import { buildTestApp, tempDir, type TestApp } from '../../test/helper.ts';
import { parseCertificatePair, writeCertificatePair } from '../modules/device/device.certificate.ts';
import { startHttps } from '../modules/device/https.plugin.ts';

// A tiny stand-in for web/dist with the same shape the Vite build writes.
const webDir = tempDir('kit-web-');
const script = 'console.log("hola");'.repeat(100);
const shell = '<!doctype html><html lang="es"><title>Kit</title></html>';
fs.mkdirSync(path.join(webDir, 'assets'));
fs.mkdirSync(path.join(webDir, 'icons'));
fs.mkdirSync(path.join(webDir, 'images', 'onboarding'), { recursive: true });
fs.writeFileSync(path.join(webDir, 'index.html'), shell);
fs.writeFileSync(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(shell));
fs.writeFileSync(path.join(webDir, 'index.html.gz'), zlib.gzipSync(shell));
fs.writeFileSync(path.join(webDir, 'icons', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
fs.writeFileSync(path.join(webDir, 'images', 'onboarding', 'paso-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

  it('include the old Android browser, which gets the plain browser page instead of an app it cannot start', async () => {
    const stock = 'Mozilla/5.0 (Linux; U; Android 4.1.2; es-us; GT-I8190L Build/JZO54K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30';
    const kit = await buildTestApp({ KIT_WEB_DIR: webDir, KIT_IS_KIT: 'true' });
    try {
      for (const url of ['/', '/menu', '/resource/1']) {
        const res = await kit.app.inject({ method: 'GET', url, headers: { 'user-agent': stock, host: 'portal.kit' } });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe('/extra/download-browser');
      }
      const page = await kit.app.inject({ method: 'GET', url: '/extra/download-browser', headers: { 'user-agent': stock, host: 'portal.kit' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Tu navegador es muy antiguo');
      expect(page.body).not.toContain('<script');
    } finally {
      await kit.close();
    }
  });

  it('are served as usual off a kit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/menu', headers: { 'user-agent': oldAndroid } });
    expect(res.statusCode).toBe(200);
  });
});

/** One request by node's own client: no header is added that the test does not give (no Accept-Encoding). */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(base: string, urlPath: string, headers: Record<string, string>, method: 'GET' | 'HEAD', ca?: string): Promise<Answer> {
  const url = new URL(urlPath, base);
  return new Promise((resolve, reject) => {
    const done = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    };
    const options = { method, headers, agent: false } as const;
    const req = url.protocol === 'https:' ? https.request(url, { ...options, ca, servername: 'portal.kit' }, done) : http.request(url, options, done);
    req.on('error', reject);
    req.end();
  });
}

const decode = (answer: Answer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
};

const varyList = (answer: Answer): string[] => String(answer.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase()).filter(Boolean);

/** What curl, probes, proxies and small browsers send, and what full browsers send. */
const CLIENTS: ReadonlyArray<[string, Record<string, string>, string | undefined]> = [
  ['no Accept-Encoding', {}, undefined],
  ['identity', { 'accept-encoding': 'identity' }, undefined],
  ['gzip', { 'accept-encoding': 'gzip' }, 'gzip'],
  ['br', { 'accept-encoding': 'gzip, deflate, br' }, 'br'],
];

/** The checks of every real-client test, over plain HTTP or the HTTPS listener. */
function frontDoorChecks(base: () => string, ca: () => string | undefined): void {
  it.each(CLIENTS)('GET and HEAD / answer the app to a client sending %s', async (_name, headers, encoding) => {
    for (const url of ['/', '/menu', '/biblioteca?c=3', '/resource', '/esto/no/existe']) {
      const get = await request(base(), url, headers, 'GET', ca());
      expect(get.status, url).toBe(200);
      expect(get.headers['content-type'], url).toContain('text/html');
      expect(get.headers['content-encoding'], url).toBe(encoding);
      expect(decode(get), url).toBe(shell);
      expect(varyList(get).filter((v) => v === 'accept-encoding'), url).toEqual(['accept-encoding']);
      const head = await request(base(), url, headers, 'HEAD', ca());
      expect(head.status, url).toBe(200);
      expect(head.headers['content-type'], url).toContain('text/html');
      expect(head.headers['content-encoding'], url).toBe(encoding);
      expect(head.body.length, url).toBe(0);
    }
  });

  it.each(CLIENTS)('serves an existing static file to a client sending %s', async (_name, headers, encoding) => {
    const res = await request(base(), '/assets/app-abc123.js', headers, 'GET', ca());
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(decode(res)).toBe(script);
    expect(varyList(res)).toContain('accept-encoding');
    const icon = await request(base(), '/icons/icon.svg', headers, 'GET', ca());
    expect(icon.status).toBe(200);
    expect(icon.body.toString()).toContain('<svg');
  });

  it.each(CLIENTS)('answers a missing static file or a static folder with a real 404 page to a client sending %s', async (_name, headers) => {
    for (const url of ['/images/', '/images/onboarding/', '/images/no-existe.png', '/assets/app-nada.js', '/icons/', '/icons/icon-9.png', '/assets']) {
      const get = await request(base(), url, headers, 'GET', ca());
      expect(get.status, url).toBe(404);
      expect(get.headers['content-type'], url).toContain('text/html');
      expect(get.headers['cache-control'], url).toBe('no-cache');
      const body = decode(get);
      expect(body, url).toContain('This page could not be found');
      expect(body, url).not.toContain('<title>Kit</title>');
      // Its one inline style is allowed by hash: under the page policy alone the browser drops it.
      const style = /<style>([^<]*)<\/style>/.exec(body)?.[1] ?? '';
      expect(style, url).not.toBe('');
      expect(get.headers['content-security-policy'], url).toContain(`'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`);
      const head = await request(base(), url, headers, 'HEAD', ca());
      expect(head.status, url).toBe(404);
      expect(head.body.length, url).toBe(0);
    }
  });
}

describe('real HTTP clients at the front door', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });

  frontDoorChecks(() => base, () => undefined);
});

describe('real HTTPS clients at the front door (the listener shares the handler)', () => {
  let kit: TestApp;
  let base = '';
  let certificate = { cert: '', key: '' };
  beforeAll(async () => {
    certificate = selfSignedCertificate(['portal.kit']);
    kit = await buildTestApp({ KIT_WEB_DIR: webDir, KIT_IS_KIT: 'true' });
    await writeCertificatePair(kit.dataDir, parseCertificatePair(certificate.cert, certificate.key));
    await kit.app.listen({ port: 0, host: '127.0.0.1' });
    await startHttps(kit.app, { port: 0 });
    base = `https://127.0.0.1:${kit.app.httpsState.port ?? 0}`;
  });
  afterAll(async () => {
    await kit.close();
    cleanupDeviceDirs();
  });

  frontDoorChecks(() => base, () => certificate.cert);
});
