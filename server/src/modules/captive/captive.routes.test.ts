import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../../test/helper.ts';
import { ConfigError, loadConfig } from '../../config.ts';

// The captive portal through the whole app (app.ts wiring, the web app's
// fallback behind it), one client address per phone.
const webDir = tempDir('kit-web-');
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html lang="es"><title>Kit</title></html>');

const PORTAL = 'http://portal.kit/menu';
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

// Each probe with the host the OS sends it to and the answer it expects when online.
const PROBES = [
  { os: 'Android', host: 'connectivitycheck.gstatic.com', url: '/generate_204', status: 204, body: '' },
  { os: 'ChromeOS / Chrome', host: 'clients3.google.com', url: '/generate_204', status: 204, body: '' },
  { os: 'Android (older)', host: 'www.google.com', url: '/gen_204', status: 204, body: '' },
  { os: 'iOS / macOS', host: 'captive.apple.com', url: '/hotspot-detect.html', status: 200, body: '<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>\n', type: 'text/html' },
  { os: 'iOS (older)', host: 'www.apple.com', url: '/library/test/success.html', status: 200, body: '<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>\n', type: 'text/html' },
  { os: 'Windows 10/11', host: 'www.msftconnecttest.com', url: '/connecttest.txt', status: 200, body: 'Microsoft Connect Test', type: 'text/plain' },
  { os: 'Windows 7/8', host: 'www.msftncsi.com', url: '/ncsi.txt', status: 200, body: 'Microsoft NCSI', type: 'text/plain' },
  { os: 'Firefox', host: 'detectportal.firefox.com', url: '/success.txt?ipv4', status: 200, body: 'success\n', type: 'text/plain' },
  {
    os: 'Firefox (canonical)',
    host: 'detectportal.firefox.com',
    url: '/canonical.html',
    status: 200,
    body: '<meta http-equiv="refresh" content="0;url=https://support.mozilla.org/kb/captive-portal"/>',
    type: 'text/html',
  },
  { os: 'GNOME', host: 'nmcheck.gnome.org', url: '/check_network_status.txt', status: 200, body: 'NetworkManager is online\n', type: 'text/plain' },
];

describe('on a kit (KIT_IS_KIT=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ KIT_IS_KIT: 'true', PORT: '80', KIT_WEB_DIR: webDir });
  });
  afterAll(() => t.close());

  const probe = (p: (typeof PROBES)[number], client: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: p.url, remoteAddress: client, headers: { host: p.host, 'user-agent': 'probe' } });
  const openPortal = (client: string) =>
    t.app.inject({ method: 'GET', url: '/menu', remoteAddress: client, headers: { host: 'portal.kit', ...BROWSER } });

  describe.each(PROBES.map((p, i) => ({ ...p, client: `10.42.0.${100 + i}`, other: `10.42.0.${150 + i}` })))('$os: $url', (p) => {
    it('is sent to the portal first, with nothing cached', async () => {
      const res = await probe(p, p.client);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(PORTAL);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('is sent there again while the phone has not opened the portal', async () => {
      expect((await probe(p, p.client)).statusCode).toBe(302);
    });

    it('gets the "online" answer once the portal page was loaded', async () => {
      const page = await openPortal(p.client);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Kit</title>');
      const res = await probe(p, p.client);
      expect(res.statusCode).toBe(p.status);
      expect(res.body).toBe(p.body);
      expect(res.headers['cache-control']).toBe('no-store');
      if (p.type) expect(res.headers['content-type']).toBe(`${p.type}; charset=utf-8`);
      expect((await probe(p, p.client, 'HEAD')).statusCode).toBe(p.status);
    });

    it('while another phone is still sent to the portal', async () => {
      expect((await probe(p, p.other)).statusCode).toBe(302);
    });
  });

  describe('pages asked of another host (a phone typing google.com)', () => {
    it('are sent to the portal', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/search?q=noticias', remoteAddress: '10.42.0.50', headers: { host: 'www.google.com', ...BROWSER } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(PORTAL);
    });

    it('are recognised by Sec-Fetch-Mode too, and by an IP that is not the kit’s', async () => {
      const nav = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '10.42.0.51', headers: { host: 'example.org', 'sec-fetch-mode': 'navigate', accept: '*/*' } });
      expect(nav.statusCode).toBe(302);
      const ip = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '10.42.0.51', headers: { host: '192.0.2.7', ...BROWSER } });
      expect(ip.statusCode).toBe(302);
    });

    it('do not count as having seen the portal', async () => {
      await t.app.inject({ method: 'GET', url: '/', remoteAddress: '10.42.0.52', headers: { host: 'www.google.com', ...BROWSER } });
      const res = await probe(PROBES[0]!, '10.42.0.52');
      expect(res.statusCode).toBe(302);
    });

    it('leave scripts, images, API calls and form posts alone', async () => {
      const image = await t.app.inject({ method: 'GET', url: '/logo.png', remoteAddress: '10.42.0.53', headers: { host: 'cdn.example.org', 'sec-fetch-mode': 'no-cors', accept: 'image/*' } });
      expect(image.statusCode).not.toBe(302);
      const api = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.42.0.53', headers: { host: 'api.example.org', accept: 'application/json' } });
      expect(api.statusCode).toBe(200);
      const post = await t.app.inject({ method: 'POST', url: '/login', remoteAddress: '10.42.0.53', headers: { host: 'www.google.com', ...BROWSER } });
      expect(post.statusCode).not.toBe(302);
    });
  });

  describe('pages of the kit itself', () => {
    it.each(['portal.kit', 'PORTAL.KIT.', 'portal.kit:80', '10.42.0.1', '127.0.0.1:80', 'localhost', '[::1]:80'])('are served as usual at %s', async (host) => {
      const res = await t.app.inject({ method: 'GET', url: '/biblioteca', remoteAddress: '10.42.0.60', headers: { host, ...BROWSER } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Kit</title>');
    });

    it('count as having seen the portal, whichever page it was', async () => {
      await t.app.inject({ method: 'GET', url: '/', remoteAddress: '10.42.0.61', headers: { host: '10.42.0.1', ...BROWSER } });
      expect((await probe(PROBES[0]!, '10.42.0.61')).statusCode).toBe(204);
    });
  });

  it('keeps the probe routes out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/generate_204');
  });
});

describe('KIT_HOSTNAME', () => {
  it('defaults to portal.kit and is read in lower case', () => {
    expect(loadConfig({}).kitHostname).toBe('portal.kit');
    expect(loadConfig({ KIT_HOSTNAME: 'Biblioteca.Aldea' }).kitHostname).toBe('biblioteca.aldea');
  });

  it.each(['portal kit', 'portal..kit', '-portal.kit', 'http://portal.kit', 'portal.kit/menu'])('refuses «%s» at start', (name) => {
    expect(() => loadConfig({ KIT_HOSTNAME: name })).toThrow(ConfigError);
  });
});

describe('the portal address', () => {
  it('uses KIT_HOSTNAME and the port when it is not 80', async () => {
    const t = await buildTestApp({ KIT_IS_KIT: 'true', PORT: '8080', KIT_HOSTNAME: 'Biblioteca.Aldea', KIT_WEB_DIR: webDir });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/generate_204', remoteAddress: '10.42.0.70', headers: { host: 'connectivitycheck.gstatic.com' } });
      expect(res.headers.location).toBe('http://biblioteca.aldea:8080/menu');
      const own = await t.app.inject({ method: 'GET', url: '/menu', remoteAddress: '10.42.0.70', headers: { host: 'biblioteca.aldea:8080', ...BROWSER } });
      expect(own.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('off a kit (KIT_IS_KIT=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ KIT_IS_KIT: 'false', KIT_WEB_DIR: webDir });
  });
  afterAll(() => t.close());

  it.each(PROBES.map((p) => [p.url, p]))('%s is not a probe: the web app answers it as any other path', async (_url, p) => {
    const res = await t.app.inject({ method: 'GET', url: p.url, remoteAddress: '192.168.1.20', headers: { host: p.host, ...BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Kit</title>');
  });

  it('pages asked with any Host are served, never redirected', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/menu', remoteAddress: '192.168.1.20', headers: { host: 'escuela.example.org', ...BROWSER } });
    expect(res.statusCode).toBe(200);
  });
});
