/**
 * The kit's side of its enrolment (docs/HTTPS.md) on a real data folder and
 * database: what it asks, which answers it applies, and the checks a chain
 * must pass before it replaces the certificate the kit has.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import acme from 'acme-client';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { selfSignedCertificate } from '../../../test/device-helpers.ts';
import { tempDir } from '../../../test/helper.ts';
import { parseCertificatePair, readEnrolment, readInstalledCertificate, writeCertificatePair } from '../device/device.certificate.ts';
import type { CertificateAnswer } from './certificate-exchange.ts';
import { applyAnswerEnvelope, certificateRequest, type KitCertificatesContext } from './certificates-kit.ts';
import { seal } from './signed-envelope.ts';
import { loadOrCreateKitKey, type KitKey } from './sync-keys.ts';
import { addTrustedKey } from './sync.repo.ts';

const NAME = 'biblioteca-aldea.kits.test';
let dataDir: string;
let db: Db;
let ctx: KitCertificatesContext;
let hubKey: KitKey;
let installs: number;

const answer = (over: Partial<CertificateAnswer> = {}): CertificateAnswer => ({
  format: 1,
  kitKeyId: ctx.key.keyId,
  domain: 'kits.test',
  name: NAME,
  state: 'name-needed',
  chain: null,
  error: null,
  at: new Date().toISOString(),
  ...over,
});

/** A certificate for NAMES made with the key of the kit's pending request (what a CA would return for it). */
function chainForPendingKey(names: string[], days = 30): string {
  const out = path.join(dataDir, 'issued.pem');
  execFileSync('openssl', ['req', '-x509', '-key', path.join(dataDir, 'tls', 'request-key.pem'), '-out', out, '-days', String(days), '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`], { stdio: 'pipe' });
  return fs.readFileSync(out, 'utf8');
}

const installedFingerprint = async () => {
  const installed = await readInstalledCertificate(dataDir);
  return installed.state === 'ok' ? installed.pair.chain[0]!.fingerprint256 : null;
};

beforeEach(() => {
  dataDir = tempDir('kit-enrol-');
  db = openDatabase(path.join(dataDir, 'portal.db'));
  migrate(db);
  hubKey = loadOrCreateKitKey(tempDir('kit-enrol-hub-'));
  addTrustedKey(db, { keyId: hubKey.keyId, publicKey: hubKey.publicKey, label: 'Centro', addedBy: null });
  installs = 0;
  ctx = {
    db,
    dataDir,
    key: loadOrCreateKitKey(dataDir),
    kitName: 'biblioteca.aldea',
    log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    onCertificateInstalled: async () => {
      installs += 1;
    },
  };
});

afterEach(() => {
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the kit’s certificate request and the hub’s answers', () => {
  it('asks with its label first, then, once the hub gave it its name, with the same request for that name until answered', async () => {
    expect(await certificateRequest(ctx)).toEqual({ label: 'biblioteca-aldea', csr: null });
    expect(await applyAnswerEnvelope(ctx, seal(hubKey, answer()))).toBe('again');
    const first = await certificateRequest(ctx);
    expect(first?.label).toBe('biblioteca-aldea');
    expect(acme.crypto.readCsrDomains(first!.csr!)).toMatchObject({ commonName: NAME, altNames: [NAME] });
    expect(await certificateRequest(ctx)).toEqual(first);
    expect((fs.statSync(path.join(dataDir, 'tls', 'request-key.pem')).mode & 0o777).toString(8)).toBe('600');
  });

  it('installs a chain for its own key and name, serves it, and asks nothing more until renewal is due', async () => {
    await applyAnswerEnvelope(ctx, seal(hubKey, answer()));
    await certificateRequest(ctx);
    const chain = chainForPendingKey([NAME]);
    expect(await applyAnswerEnvelope(ctx, seal(hubKey, answer({ state: 'issued', chain })))).toBe('done');
    expect(installs).toBe(1);
    expect(readEnrolment(dataDir)).toMatchObject({ name: NAME, state: 'issued', lastError: null });
    expect(fs.existsSync(path.join(dataDir, 'tls', 'request-key.pem'))).toBe(false);
    expect(await certificateRequest(ctx)).toBeNull();
    // The same answer again (a missed exchange): nothing changes.
    await applyAnswerEnvelope(ctx, seal(hubKey, answer({ state: 'issued', chain })));
    expect(installs).toBe(1);
  });

  it.each<[string, (chainFor: typeof chainForPendingKey) => Partial<CertificateAnswer>, boolean, string]>([
    ['an answer signed by a key the kit does not trust', (c) => ({ state: 'issued', chain: c([NAME]) }), false, 'CERT_ANSWER_INVALID'],
    ['an answer for another kit', (c) => ({ state: 'issued', chain: c([NAME]), kitKeyId: '0123456789abcdef' }), true, 'CERT_ANSWER_INVALID'],
    ['a chain for another kit’s key', () => ({ state: 'issued', chain: selfSignedCertificate([NAME]).cert }), true, 'CERT_KEY_MISMATCH'],
    ['a chain for another name', (c) => ({ state: 'issued', chain: c(['otro-kit.kits.test']) }), true, 'CERT_HOSTNAME_MISMATCH'],
    ['garbage for a chain', () => ({ state: 'issued', chain: 'no es un certificado' }), true, 'CERT_INVALID'],
    ['the hub’s refusal', () => ({ state: 'failed', error: { code: 'CERT_DNS_HOOK_FAILED', message: 'El programa DNS del centro no pudo publicar el registro' } }), true, 'CERT_DNS_HOOK_FAILED'],
  ])('keeps the certificate it had on %s, and shows why in Spanish', async (_label, make, trusted, code) => {
    // What it had: a certificate for the name it used before (so it asks for a new one).
    const old = selfSignedCertificate(['portal.kit']);
    await writeCertificatePair(dataDir, parseCertificatePair(old.cert, old.key));
    const before = await installedFingerprint();
    await applyAnswerEnvelope(ctx, seal(hubKey, answer()));
    await certificateRequest(ctx);
    const signer = trusted ? hubKey : loadOrCreateKitKey(tempDir('kit-enrol-forger-'));
    await applyAnswerEnvelope(ctx, seal(signer, answer(make(chainForPendingKey))));
    expect(await installedFingerprint()).toBe(before);
    expect(installs).toBe(0);
    const { lastError } = readEnrolment(dataDir) ?? {};
    expect(lastError?.code).toBe(code);
    expect(lastError?.message).toMatch(/^(El|La) /);
  });
});
