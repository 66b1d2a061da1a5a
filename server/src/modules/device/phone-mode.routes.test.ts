import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupDeviceDirs, phonesTrust, selfSignedCertificate, type TestCertificate } from '../../../test/device-helpers.ts';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helper.ts';
import { startHttps } from './https.plugin.ts';
import { parseCertificatePair, writeCertificatePair } from './device.certificate.ts';

// GET /api/v2/admin/phone-mode on real apps: what phones get, and why.

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});
afterAll(cleanupDeviceDirs);

async function appWith(certificate: TestCertificate | null, env: Record<string, string> = {}): Promise<{ t: TestApp; token: string }> {
  const app = await buildTestApp(env);
  if (certificate) await writeCertificatePair(app.dataDir, parseCertificatePair(certificate.cert, certificate.key));
  await createUser(app.app, 'admin', 'clave-admin', { admin: true });
  return { t: app, token: (await login(app.app, 'admin', 'clave-admin')).token };
}

async function phoneMode(app: TestApp, token: string) {
  const res = await app.app.inject({ method: 'GET', url: '/api/v2/admin/phone-mode', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

describe('GET /api/v2/admin/phone-mode', () => {
  it('plain HTTP without a certificate: basic mode, on any server (not only a kit)', async () => {
    const made = await appWith(null);
    t = made.t;
    expect(await phoneMode(t, made.token)).toMatchObject({ mode: 'basic', reason: 'no-certificate', hostname: 'portal.kit', https: { enabled: true, listening: false, certificate: null } });
  });

  it('HTTPS disabled by KIT_HTTPS_PORT=0', async () => {
    const made = await appWith(null, { KIT_HTTPS_PORT: '0' });
    t = made.t;
    expect(await phoneMode(t, made.token)).toMatchObject({ mode: 'basic', reason: 'disabled' });
  });

  it('a certificate installed but not served yet: basic until the restart', async () => {
    const certificate = selfSignedCertificate(['portal.kit']);
    const made = await appWith(certificate, phonesTrust(certificate));
    t = made.t;
    const answer = await phoneMode(t, made.token);
    expect(answer).toMatchObject({ mode: 'basic', reason: 'restart-required', https: { restartRequired: true } });
    expect(answer.https.certificate.names).toEqual(['portal.kit']);
  });

  it('a certificate for another name: basic, wrong-name', async () => {
    const made = await appWith(selfSignedCertificate(['otro.example.org']), { KIT_IS_KIT: 'true' });
    t = made.t;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await startHttps(t.app, { port: 0 });
    expect(await phoneMode(t, made.token)).toMatchObject({ mode: 'basic', reason: 'wrong-name', https: { listening: true } });
  });

  it('a self-signed certificate phones do not trust: served, but basic mode (untrusted), with no redirect', async () => {
    const made = await appWith(selfSignedCertificate(['portal.kit']), { KIT_IS_KIT: 'true' });
    t = made.t;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await startHttps(t.app, { port: 0 });
    const answer = await phoneMode(t, made.token);
    expect(answer).toMatchObject({ mode: 'basic', reason: 'untrusted', https: { listening: true, redirecting: false } });
    expect(answer.https.certificate).toMatchObject({ selfSigned: true, phonesTrust: false });
  });

  it('HTTPS served with a valid certificate for the kit’s name that phones trust: basic while the kit’s clock may be behind, then the offline app, with its expiry', async () => {
    const certificate = selfSignedCertificate(['portal.kit'], 30);
    const made = await appWith(certificate, { KIT_IS_KIT: 'true', ...phonesTrust(certificate) });
    t = made.t;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await startHttps(t.app, { port: 0 });
    expect(await phoneMode(t, made.token)).toMatchObject({ mode: 'basic', reason: 'clock-unconfirmed', https: { listening: true, redirecting: false, clockConfirmed: false } });
    // Three phones agree with the kit's clock: it is confirmed.
    for (const address of ['10.42.0.21', '10.42.0.22', '10.42.0.23']) {
      const hint = await t.app.inject({ method: 'POST', url: '/api/v2/clock/hint', payload: { now: new Date().toISOString() }, remoteAddress: address });
      expect(hint.statusCode).toBe(204);
    }
    const answer = await phoneMode(t, made.token);
    expect(answer).toMatchObject({ mode: 'offline', reason: 'https', https: { listening: true, redirecting: true, restartRequired: false } });
    expect(answer.https.certificate.daysLeft).toBeGreaterThanOrEqual(29);
  });
});
