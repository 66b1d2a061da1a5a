import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupDeviceDirs, otherKey, phonesTrust, recorderScripts, selfSignedCertificate, type TestCertificate } from '../../../test/device-helpers.ts';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helper.ts';
import { freePort, killKit, startKitProcess } from '../../../test/kit-process.ts';
import { parseCertificatePair, tlsFiles, writeCertificatePair } from './device.certificate.ts';
import { redirectsNow, startHttps, type HttpsState } from './https.plugin.ts';

// The real server on two ports: plain HTTP (Fastify's listen) and HTTPS
// (startHttps), with a certificate made by openssl for portal.kit and
// trusted by the client as its CA.
afterAll(cleanupDeviceDirs);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  authorized?: boolean;
}

function httpGet(port: number, urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Over TLS to 127.0.0.1 as if to portal.kit (SNI and Host), trusting only CA. */
function httpsGet(port: number, urlPath: string, ca: string | undefined, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port, path: urlPath, method, servername: 'portal.kit', ca, agent: false, headers: { host: `portal.kit:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, authorized: (res.socket as import('node:tls').TLSSocket).authorized }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function serve(t: TestApp, httpsPort = 0): Promise<{ httpPort: number; httpsPort: number | null }> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await startHttps(t.app, { port: httpsPort });
  return { httpPort: (t.app.server.address() as { port: number }).port, httpsPort: t.app.httpsState.port };
}

async function install(dataDir: string, certificate: TestCertificate): Promise<void> {
  await writeCertificatePair(dataDir, parseCertificatePair(certificate.cert, certificate.key));
}

/**
 * An app whose data folder has the certificate before it starts, as on a kit after a restart, and whose
 * clock the admin set (until something tells a kit the time, nothing is redirected: kit-clock.ts).
 */
async function kitWithCertificate(certificate: TestCertificate | null, env: Record<string, string> = {}, { clockSet = true } = {}): Promise<TestApp> {
  const t = await buildTestApp({ KIT_IS_KIT: 'true', KIT_SCRIPTS_DIR: recorderScripts().dir, ...env });
  if (certificate) await install(t.dataDir, certificate);
  if (clockSet) await t.app.kitClock.setByAdmin(new Date());
  return t;
}

/** A plain-HTTP JSON POST from LOCAL, one of the machine's loopback addresses: each is another phone to the kit. */
function httpPostFrom(local: string, port: number, urlPath: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', localAddress: local, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('HTTPS with an installed certificate', () => {
  let portal: TestCertificate;
  let renewed: TestCertificate;
  let t: TestApp;
  let ports: { httpPort: number; httpsPort: number | null };

  beforeAll(async () => {
    portal = selfSignedCertificate(['portal.kit']);
    renewed = selfSignedCertificate(['portal.kit'], 90);
    t = await kitWithCertificate(portal, phonesTrust(portal, renewed));
    ports = await serve(t);
  });
  afterAll(() => t.close());

  it('serves the same app over HTTPS, verified against the certificate as CA', async () => {
    expect(ports.httpsPort).toEqual(expect.any(Number));
    const res = await httpsGet(ports.httpsPort!, '/api/health', portal.cert);
    expect(res.authorized).toBe(true);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('gives pages over HTTPS the same policy, nosniff and referrer policy as over plain HTTP', async () => {
    for (const url of ['/menu', '/api/health']) {
      const res = await httpsGet(ports.httpsPort!, url, portal.cert, PAGE);
      expect(res.headers['content-security-policy'], url).toMatch(/^default-src 'self'; script-src 'self'; worker-src 'self';.*frame-ancestors 'none'$/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  it('is real TLS: a client that does not trust the certificate is refused', async () => {
    await expect(httpsGet(ports.httpsPort!, '/api/health', undefined)).rejects.toThrow(/self[- ]signed/i);
  });

  it('logs in over HTTPS with a Secure cookie (the app sees the request as https)', async () => {
    await createUser(t.app, 'admin', 'clave-admin', { admin: true });
    const res = await httpsGet(ports.httpsPort!, '/api/auth', portal.cert, { 'content-type': 'application/json' }, 'POST', JSON.stringify({ user_name: 'admin', password: 'clave-admin' }));
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/kp_token=.*; Secure/);
  });

  it('sends plain-HTTP page visits to the kit’s name to the same page over HTTPS (302, not remembered)', async () => {
    const res = await httpGet(ports.httpPort, '/biblioteca/recurso/12?vista=1', { host: `portal.kit:${ports.httpPort}`, ...PAGE });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`https://portal.kit:${ports.httpsPort}/biblioteca/recurso/12?vista=1`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // A browser that says navigate in Sec-Fetch-Mode, and HEAD.
    expect((await httpGet(ports.httpPort, '/menu', { host: 'portal.kit', 'sec-fetch-mode': 'navigate' })).headers.location).toBe(`https://portal.kit:${ports.httpsPort}/menu`);
    expect((await httpGet(ports.httpPort, '/menu', { host: 'portal.kit', ...PAGE }, 'HEAD')).status).toBe(302);
  });

  it.each<[string, string, Record<string, string>, string?]>([
    ['the API', '/api/health', PAGE],
    ['a probe (phones must see it answered on HTTP)', '/generate_204', PAGE],
    ['an Apple probe', '/hotspot-detect.html', PAGE],
    ['a script or image (not a page)', '/assets/app.js', { accept: '*/*', 'sec-fetch-mode': 'no-cors' }],
    ['an API-style request', '/menu', { accept: 'application/json' }],
    ['a form post', '/menu', PAGE, 'POST'],
  ])('leaves %s on plain HTTP', async (_label, urlPath, headers, method) => {
    const res = await httpGet(ports.httpPort, urlPath, { host: 'portal.kit', ...headers }, method);
    expect(res.headers.location ?? '').not.toMatch(/^https:/);
  });

  it('leaves visits by address alone (a phone without the kit’s DNS could not reach the name)', async () => {
    for (const host of ['10.42.0.1', `127.0.0.1:${ports.httpPort}`, 'localhost']) {
      const res = await httpGet(ports.httpPort, '/menu', { host, ...PAGE });
      expect(res.headers.location ?? '', host).not.toMatch(/^https:/);
    }
  });

  it('does not redirect HTTPS to itself', async () => {
    const res = await httpsGet(ports.httpsPort!, '/menu', portal.cert, PAGE);
    expect(res.status).not.toBe(302);
  });

  it('shows in the device status, and serves a certificate installed while it runs at once, without a restart', async () => {
    const { token } = await login(t.app, 'admin', 'clave-admin');
    const status = async () => (await t.app.inject({ method: 'GET', url: '/api/v2/admin/device/status', headers: { authorization: `Bearer ${token}` } })).json().https;
    expect(await status()).toMatchObject({ enabled: true, listening: true, port: ports.httpsPort, redirecting: true, restartRequired: false, name: 'portal.kit', certificate: { names: ['portal.kit'] } });
    const put = await t.app.inject({ method: 'PUT', url: '/api/v2/admin/device/certificate', headers: { authorization: `Bearer ${token}` }, payload: renewed });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ message: 'Certificado instalado y en uso.', restartRequired: false });
    expect(await status()).toMatchObject({ listening: true, port: ports.httpsPort, redirecting: true, restartRequired: false, certificate: { daysLeft: 89 } });
    // The same listener now hands out the new certificate: a client trusting only it gets in, one trusting only the old one does not.
    expect((await httpsGet(ports.httpsPort!, '/api/health', renewed.cert)).status).toBe(200);
    await expect(httpsGet(ports.httpsPort!, '/api/health', portal.cert)).rejects.toThrow(/self[- ]signed|certificate/i);
    portal = renewed;
  });

  it('closes the HTTPS listener with the app', async () => {
    const other = await kitWithCertificate(portal);
    const { httpsPort } = await serve(other);
    expect((await httpsGet(httpsPort!, '/api/health', portal.cert)).status).toBe(200);
    await other.close();
    await expect(httpsGet(httpsPort!, '/api/health', portal.cert)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('HTTPS off: plain HTTP only, no redirect', () => {
  it.each<[string, () => Promise<TestApp>]>([
    ['without a certificate', () => kitWithCertificate(null)],
    ['with KIT_HTTPS_PORT=0', () => kitWithCertificate(selfSignedCertificate(), { KIT_HTTPS_PORT: '0' })],
    [
      'with a key that is not the certificate’s on disk',
      async () => {
        const t = await kitWithCertificate(null);
        const files = tlsFiles(t.dataDir);
        fs.mkdirSync(files.dir, { recursive: true });
        fs.writeFileSync(files.cert, selfSignedCertificate().cert);
        fs.writeFileSync(files.key, otherKey());
        return t;
      },
    ],
  ])('%s', async (_label, make) => {
    const t = await make();
    try {
      const { httpPort, httpsPort } = await serve(t);
      expect(httpsPort).toBeNull();
      expect(t.app.httpsState.server).toBeNull();
      const res = await httpGet(httpPort, '/menu', { host: 'portal.kit', ...PAGE });
      expect(res.headers.location ?? '').not.toMatch(/^https:/);
    } finally {
      await t.close();
    }
  });

  it('before the HTTPS listener is up, even with a certificate installed', async () => {
    const certificate = selfSignedCertificate();
    const t = await kitWithCertificate(certificate, phonesTrust(certificate));
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      expect((await httpGet(port, '/menu', { host: 'portal.kit', ...PAGE })).status).not.toBe(302);
      await startHttps(t.app, { port: 0 });
      expect((await httpGet(port, '/menu', { host: 'portal.kit', ...PAGE })).status).toBe(302);
    } finally {
      await t.close();
    }
  });

  it('while nothing told the kit the time since it started (its clock may be behind): HTTPS served, no visit sent there, until the admin sets the clock', async () => {
    const certificate = selfSignedCertificate();
    const t = await kitWithCertificate(certificate, phonesTrust(certificate), { clockSet: false });
    try {
      const { httpPort, httpsPort } = await serve(t);
      expect((await httpsGet(httpsPort!, '/api/health', certificate.cert)).status).toBe(200);
      expect((await httpGet(httpPort, '/menu', { host: 'portal.kit', ...PAGE })).status).not.toBe(302);
      await t.app.kitClock.setByAdmin(new Date());
      expect((await httpGet(httpPort, '/menu', { host: 'portal.kit', ...PAGE })).status).toBe(302);
    } finally {
      await t.close();
    }
  });

  it('opens the HTTPS listener when a certificate is installed while the server runs, and redirects from then on', async () => {
    const certificate = selfSignedCertificate(['portal.kit']);
    const t = await kitWithCertificate(null, phonesTrust(certificate));
    try {
      const { httpPort, httpsPort } = await serve(t);
      expect(httpsPort).toBeNull();
      await createUser(t.app, 'admin', 'clave-admin', { admin: true });
      const { token } = await login(t.app, 'admin', 'clave-admin');
      const put = await t.app.inject({ method: 'PUT', url: '/api/v2/admin/device/certificate', headers: { authorization: `Bearer ${token}` }, payload: certificate });
      expect(put.json()).toMatchObject({ message: 'Certificado instalado y en uso.', restartRequired: false });
      const port = t.app.httpsState.port;
      expect(port).toEqual(expect.any(Number));
      expect((await httpsGet(port!, '/api/health', certificate.cert)).status).toBe(200);
      expect((await httpGet(httpPort, '/menu', { host: 'portal.kit', ...PAGE })).headers.location).toBe(`https://portal.kit:${port}/menu`);
    } finally {
      await t.close();
    }
  });

  it('with a self-signed certificate phones do not trust: HTTPS is served to whoever asks, but no visit is sent there', async () => {
    const certificate = selfSignedCertificate();
    const t = await kitWithCertificate(certificate);
    try {
      const { httpPort, httpsPort } = await serve(t);
      expect((await httpsGet(httpsPort!, '/api/health', certificate.cert)).status).toBe(200);
      expect((await httpGet(httpPort, '/menu', { host: 'portal.kit', ...PAGE })).status).not.toBe(302);
    } finally {
      await t.close();
    }
  });

  it('when the HTTPS port cannot be opened (the server keeps going on HTTP)', async () => {
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busyPort = (blocker.address() as { port: number }).port;
    const t = await kitWithCertificate(selfSignedCertificate(), { HOST: '127.0.0.1' });
    try {
      const { httpPort, httpsPort } = await serve(t, busyPort);
      expect(httpsPort).toBeNull();
      expect((await httpGet(httpPort, '/menu', { host: 'portal.kit', ...PAGE })).status).not.toBe(302);
    } finally {
      await t.close();
      blocker.close();
    }
  });
});

describe('redirectsNow', () => {
  const served = (validFrom: string, validTo: string, matchesHostname = true, phonesTrust = true) =>
    ({ validFrom, validTo, matchesHostname, phonesTrust }) as HttpsState['served'];
  const listening = (cert: HttpsState['served']): HttpsState => ({ enabled: true, armedPort: 443, server: {} as HttpsState['server'], port: 443, served: cert, name: 'portal.kit' });
  const now = { now: () => Date.parse('2026-06-01T00:00:00Z'), confirmed: true };

  it('only while the certificate is valid today, for the kit’s name, and one phones trust', () => {
    expect(redirectsNow(listening(served('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')), now)).toBe(true);
    expect(redirectsNow(listening(served('2025-01-01T00:00:00Z', '2026-05-31T00:00:00Z')), now)).toBe(false); // expired
    expect(redirectsNow(listening(served('2026-07-01T00:00:00Z', '2026-12-31T00:00:00Z')), now)).toBe(false); // not yet valid
    expect(redirectsNow(listening(served('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', false)), now)).toBe(false); // another name
    expect(redirectsNow(listening(served('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', true, false)), now)).toBe(false); // self-signed or a private CA
    expect(redirectsNow({ enabled: true, armedPort: null, server: null, port: null, served: null, name: null }, now)).toBe(false);
  });

  it('never while the kit’s clock may be behind: a certificate it believes valid may have expired', () => {
    expect(redirectsNow(listening(served('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')), { ...now, confirmed: false })).toBe(false);
  });
});

describe('server/src/main.ts with a certificate in the data folder', () => {
  it('listens on both ports: HTTPS verified for portal.kit, plain-HTTP pages sent there once three phones agree on the time', async () => {
    const portal = selfSignedCertificate();
    const t = await kitWithCertificate(portal, {}, { clockSet: false }); // only for its data folder and installed files
    await t.app.close();
    const httpsPort = await freePort();
    const kit = await startKitProcess(t.dataDir, 'prueba-123', { KIT_HTTPS_PORT: String(httpsPort), KIT_IS_KIT: 'true', LOG_LEVEL: 'warn', ...phonesTrust(portal) });
    try {
      const exited = new Promise<number | null>((resolve) => kit.proc.once('exit', resolve));
      // The HTTPS listener opens beside the plain one: until it answers, or the server dies.
      let health: Answer | null = null;
      while (!health && kit.proc.exitCode === null) {
        health = await httpsGet(httpsPort, '/api/health', portal.cert).catch(() => null);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status).toBe(200);
      expect(health?.authorized).toBe(true);
      expect((await httpGet(kit.port, '/menu', { host: 'portal.kit', ...PAGE })).status).not.toBe(302);
      for (const phone of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) expect(await httpPostFrom(phone, kit.port, '/api/v2/clock/hint', { now: new Date().toISOString() })).toBe(204);
      const page = await httpGet(kit.port, '/menu', { host: 'portal.kit', ...PAGE });
      expect(page.status).toBe(302);
      expect(page.headers.location).toBe(`https://portal.kit:${httpsPort}/menu`);
      kit.proc.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await killKit(kit);
    }
  });
});
