import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caIssuedCertificate, cleanupDeviceDirs, otherKey, recorderScripts, selfSignedCertificate, type TestCertificate } from '../../../test/device-helpers.ts';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helper.ts';
import { AppError } from '../../errors.ts';
import { checkInstallable, parseCertificatePair, readInstalledCertificate, tlsFiles } from './device.certificate.ts';

// Certificates made by Debian's openssl in the test (openssl req -x509 …).
afterAll(cleanupDeviceDirs);

const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'no error';
};

describe('checking a certificate and its key', () => {
  let portal: TestCertificate;
  beforeAll(() => {
    portal = selfSignedCertificate(['portal.kit', 'www.portal.kit']);
  });

  it('accepts a matching pair for the kit name and describes it', () => {
    const pair = parseCertificatePair(portal.cert, portal.key);
    const info = checkInstallable(pair, 'portal.kit', null);
    expect(info).toMatchObject({ subject: 'CN=portal.kit', names: ['portal.kit', 'www.portal.kit'], selfSigned: true, phonesTrust: false, matchesHostname: true, expired: false });
    expect(info.daysLeft).toBeGreaterThanOrEqual(29);
    expect(info.daysLeft).toBeLessThanOrEqual(30);
    expect(info.fingerprint256).toBe(new X509Certificate(portal.cert).fingerprint256);
    // Stored normalised: PKCS#8 key, PEM certificate.
    expect(pair.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(createPrivateKey(pair.keyPem).asymmetricKeyType).toBe('ec');
  });

  it('refuses garbage, a key that is not the certificate’s, an encrypted key, and a certificate where the key goes', () => {
    expect(codeOf(() => parseCertificatePair('hola', portal.key))).toBe('CERT_INVALID');
    expect(codeOf(() => parseCertificatePair('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n', portal.key))).toBe('CERT_INVALID');
    expect(codeOf(() => parseCertificatePair(portal.cert, 'hola'))).toBe('CERT_KEY_INVALID');
    expect(codeOf(() => parseCertificatePair(portal.cert, portal.cert))).toBe('CERT_KEY_INVALID');
    expect(codeOf(() => parseCertificatePair(portal.cert, otherKey()))).toBe('CERT_KEY_MISMATCH');
    const encrypted = createPrivateKey(portal.key).export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'secreta' }).toString();
    expect(codeOf(() => parseCertificatePair(portal.cert, encrypted))).toBe('CERT_KEY_INVALID');
  });

  it('accepts a chain in order (the kit’s certificate, then its issuer) and refuses it reversed', () => {
    const issued = caIssuedCertificate();
    const pair = parseCertificatePair(issued.cert + issued.ca, issued.key);
    expect(pair.chain).toHaveLength(2);
    expect(checkInstallable(pair, 'portal.kit', null)).toMatchObject({ issuer: 'CN=CA de la biblioteca', selfSigned: false, phonesTrust: false });
    expect(codeOf(() => parseCertificatePair(issued.ca + issued.cert, issued.key))).toBe('CERT_INVALID');
  });

  it('refuses to install a certificate for another name, or outside its dates', () => {
    const pair = parseCertificatePair(portal.cert, portal.key);
    expect(codeOf(() => checkInstallable(pair, 'biblioteca.aldea', null))).toBe('CERT_HOSTNAME_MISMATCH');
    const info = checkInstallable(pair, 'portal.kit', null);
    expect(codeOf(() => checkInstallable(pair, 'portal.kit', null, Date.parse(info.validTo) + 1000))).toBe('CERT_EXPIRED');
    expect(codeOf(() => checkInstallable(pair, 'portal.kit', null, Date.parse(info.validFrom) - 1000))).toBe('CERT_EXPIRED');
  });
});

describe('PUT /api/v2/admin/device/certificate', () => {
  let t: TestApp;
  let token: string;
  let portal: TestCertificate;
  const put = (body: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/v2/admin/device/certificate', headers: { authorization: `Bearer ${token}` }, payload: body as object });

  beforeAll(async () => {
    t = await buildTestApp({ KIT_IS_KIT: 'true', KIT_SCRIPTS_DIR: recorderScripts().dir });
    await createUser(t.app, 'admin', 'clave-admin', { admin: true });
    token = (await login(t.app, 'admin', 'clave-admin')).token;
    portal = selfSignedCertificate();
  });
  afterAll(() => t.close());

  it.each<[string, () => { cert: string; key: string }, string, string]>([
    ['garbage', () => ({ cert: 'no soy un certificado', key: 'ni una clave' }), 'CERT_INVALID', 'body.cert'],
    ['a mismatched key', () => ({ cert: portal.cert, key: otherKey() }), 'CERT_KEY_MISMATCH', 'body.key'],
    ['a garbage key', () => ({ cert: portal.cert, key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n' }), 'CERT_KEY_INVALID', 'body.key'],
    ['another name', () => selfSignedCertificate(['otro.kit']), 'CERT_HOSTNAME_MISMATCH', 'body.cert'],
  ])('refuses %s with a 400 and writes nothing', async (_label, body, code, field) => {
    const res = await put(body());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, data: { field } });
    expect(fs.existsSync(tlsFiles(t.dataDir).dir)).toBe(false);
  });

  it('refuses a missing field and an oversized one as VALIDATION', async () => {
    expect((await put({ cert: portal.cert })).json().error).toMatchObject({ code: 'VALIDATION', data: { field: 'body.key' } });
    expect((await put({ cert: portal.cert + 'x'.repeat(70_000), key: portal.key })).json().error).toMatchObject({ code: 'VALIDATION', data: { field: 'body.cert' } });
  });

  it('installs a good pair: key 0600 in a 0700 folder, says it applies after a restart, and the status shows its expiry', async () => {
    const res = await put({ cert: portal.cert, key: portal.key });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Certificado instalado. Se usará después de reiniciar el kit.');
    expect(body.restartRequired).toBe(true);
    expect(body.certificate).toMatchObject({ names: ['portal.kit'], matchesHostname: true, expired: false });

    const files = tlsFiles(t.dataDir);
    expect(fs.statSync(files.key).mode & 0o777).toBe(0o600);
    expect(fs.statSync(files.dir).mode & 0o777).toBe(0o700);
    expect(new X509Certificate(fs.readFileSync(files.cert)).fingerprint256).toBe(new X509Certificate(portal.cert).fingerprint256);
    expect(fs.readdirSync(files.dir).sort()).toEqual(['cert.pem', 'key.pem']); // no temporary files left
    expect((await readInstalledCertificate(t.dataDir)).state).toBe('ok');

    const status = (await t.app.inject({ method: 'GET', url: '/api/v2/admin/device/status', headers: { authorization: `Bearer ${token}` } })).json();
    expect(status.https).toMatchObject({ listening: false, redirecting: false, restartRequired: true, certificate: { validTo: body.certificate.validTo, daysLeft: body.certificate.daysLeft } });
  });

  it('replaces an installed pair; a later bad upload leaves it in place', async () => {
    const issued = caIssuedCertificate();
    expect((await put({ cert: issued.cert + issued.ca, key: issued.key })).statusCode).toBe(200);
    expect((await put({ cert: portal.cert, key: issued.key })).statusCode).toBe(400);
    const installed = await readInstalledCertificate(t.dataDir);
    expect(installed.state === 'ok' && installed.pair.chain.map((c) => c.subject)).toEqual(['CN=portal.kit', 'CN=CA de la biblioteca']);
    expect(path.basename(tlsFiles(t.dataDir).key)).toBe('key.pem');
  });
});
