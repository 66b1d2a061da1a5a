/**
 * The kit's side of its enrolment (docs/HTTPS.md) on a real data folder and
 * database: what it asks, which answers it applies, and the checks a chain
 * must pass before it replaces the certificate the kit has.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import acme from 'acme-client';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { cleanupDeviceDirs, recorderScripts, selfSignedCertificate } from '../../../test/device-helpers.ts';
import { tempDir } from '../../../test/helper.ts';
import { parseCertificatePair, readEnrolment, readInstalledCertificate, writeCertificatePair } from '../device/device.certificate.ts';
import { KitClock } from '../device/kit-clock.ts';
import { recentClockChanges } from '../device/kit-clock.repo.ts';
import type { CertificateAnswer } from './certificate-exchange.ts';
import { applyAnswerEnvelope, certificateRequest, type KitCertificatesContext } from './certificates-kit.ts';
import { planPack, writePack } from './pack-export.ts';
import { importPack } from './pack-import.ts';
import { seal } from './signed-envelope.ts';
import { loadOrCreateKitKey, type KitKey } from './sync-keys.ts';
import { addTrustedKey } from './sync.repo.ts';

const NAME = 'biblioteca-aldea.kits.test';
let dataDir: string;
let db: Db;
let ctx: KitCertificatesContext;
let hubKey: KitKey;
/** another publisher the kit trusts for its packs: not the hub it enrols with */
let peerKey: KitKey;
let installs: number;
/** the CA the hub's chains come from (the kit's KIT_ACME_CA_FILE), and one no phone trusts */
let hubCa: TestCa;
let rogueCa: TestCa;

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

interface TestCa {
  cert: string;
  key: string;
}

function makeCa(name: string): TestCa {
  const dir = tempDir('kit-enrol-ca-');
  const ca = { cert: path.join(dir, 'ca.pem'), key: path.join(dir, 'ca.key') };
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', ca.key, '-out', ca.cert, '-days', '2', '-subj', `/CN=${name}`, '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign'], { stdio: 'pipe' });
  return ca;
}

/** A certificate for NAMES made for the key of the kit's pending request by CA (what the hub's CA would return for it). */
function chainForPendingKey(names: string[], ca: TestCa = hubCa): string {
  const file = (name: string) => path.join(dataDir, name);
  fs.writeFileSync(file('issued.ext'), `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}\n`);
  execFileSync('openssl', ['req', '-new', '-key', path.join(dataDir, 'tls', 'request-key.pem'), '-out', file('issued.csr'), '-subj', `/CN=${names[0]}`], { stdio: 'pipe' });
  execFileSync('openssl', ['x509', '-req', '-in', file('issued.csr'), '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial', '-days', '1', '-out', file('issued.pem'), '-extfile', file('issued.ext')], { stdio: 'pipe' });
  return fs.readFileSync(file('issued.pem'), 'utf8');
}

/** A pack signed by KEY carrying CERTIFICATES, with no content, imported into the kit as by USB. */
async function importCertificatesPack(key: KitKey, certificates: CertificateAnswer[], uploadUrl: string | null = null): Promise<void> {
  const signerDir = tempDir('kit-enrol-signer-');
  const signerDb = openDatabase(path.join(signerDir, 'portal.db'));
  migrate(signerDb);
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  await writePack(signerDir, planPack(signerDb, key, 'otro', [], null, { certificates }), out, () => undefined);
  signerDb.close();
  const importing = { ...ctx, diskReserveBytes: 0, hubCertificates: null, uploadUrl };
  await importPack(importing, Readable.from(Buffer.concat(parts)), { arrival: 'pending', acceptUntrusted: false, source: 'usb' });
}

function selfSignedForPendingKey(): string {
  const out = path.join(dataDir, 'self.pem');
  execFileSync('openssl', ['req', '-x509', '-key', path.join(dataDir, 'tls', 'request-key.pem'), '-out', out, '-days', '1', '-subj', `/CN=${NAME}`, '-addext', `subjectAltName=DNS:${NAME}`], { stdio: 'pipe' });
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
  peerKey = loadOrCreateKitKey(tempDir('kit-enrol-peer-'));
  addTrustedKey(db, { keyId: hubKey.keyId, publicKey: hubKey.publicKey, label: 'Centro', addedBy: null });
  addTrustedKey(db, { keyId: peerKey.keyId, publicKey: peerKey.publicKey, label: 'Otro kit', addedBy: null });
  hubCa = makeCa('CA del centro');
  rogueCa = makeCa('CA de otro kit');
  installs = 0;
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  ctx = {
    db,
    dataDir,
    key: loadOrCreateKitKey(dataDir),
    kitName: 'biblioteca.aldea',
    log,
    onCertificateInstalled: async () => {
      installs += 1;
    },
    acmeCaFile: hubCa.cert,
    // Off a kit by default: nothing here sets the clock.
    clock: new KitClock({ db, log, scriptsDir: dataDir, isKit: false }),
  };
});

afterEach(() => {
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  cleanupDeviceDirs();
});

/** The kit's clock, OFFSET_MS from the real time, setting it through a stand-in of scripts/kit-clock that records what it was asked. */
function kitClockAt(offsetMs: number) {
  const scripts = recorderScripts();
  ctx.clock = new KitClock({ db, log: ctx.log, scriptsDir: scripts.dir, isKit: true, systemNow: () => Date.now() + offsetMs });
  return scripts;
}

/** What scripts/kit-clock is given for TIME: "YYYY-MM-DD HH:MM:SS UTC". */
const clockArgument = (time: Date) => `${time.toISOString().slice(0, 10)} ${time.toISOString().slice(11, 19)} UTC`;

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
    ['a chain from a CA no phone trusts', (c) => ({ state: 'issued', chain: c([NAME], rogueCa) }), true, 'CERT_CHAIN_UNTRUSTED'],
    ['a chain of the kit’s own key signed by itself', () => ({ state: 'issued', chain: selfSignedForPendingKey() }), true, 'CERT_CHAIN_UNTRUSTED'],
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

  it('takes answers only from the hub it enrolled with: another publisher it trusts can neither rename it nor install a chain', async () => {
    expect(await applyAnswerEnvelope(ctx, seal(hubKey, answer()))).toBe('again');
    // Another trusted kit answers as if it were the hub: a name of its own choosing, then a chain for the kit's name.
    await applyAnswerEnvelope(ctx, seal(peerKey, answer({ name: 'phish.evil.example', domain: 'evil.example' })));
    expect(readEnrolment(dataDir)).toMatchObject({ name: NAME, hubKeyId: hubKey.keyId, lastError: { code: 'CERT_ANSWER_INVALID' } });
    const request = await certificateRequest(ctx);
    expect(acme.crypto.readCsrDomains(request!.csr!).commonName).toBe(NAME);
    await applyAnswerEnvelope(ctx, seal(peerKey, answer({ state: 'issued', chain: chainForPendingKey([NAME]) })));
    expect(installs).toBe(0);
    // The same answers in a pack change nothing either.
    await importCertificatesPack(peerKey, [answer({ state: 'name-needed', name: 'phish.evil.example', domain: 'evil.example' })]);
    await importCertificatesPack(peerKey, [answer({ state: 'issued', chain: chainForPendingKey([NAME]) })]);
    expect(installs).toBe(0);
    expect(readEnrolment(dataDir)).toMatchObject({ name: NAME, lastError: { code: 'CERT_ANSWER_INVALID' } });

    // The hub's own answer, by pack, is installed.
    await importCertificatesPack(hubKey, [answer({ state: 'issued', chain: chainForPendingKey([NAME]) })]);
    expect(installs).toBe(1);
    expect(readEnrolment(dataDir)).toMatchObject({ name: NAME, state: 'issued', lastError: null });
  });

  it('enrols only for a name that is one label under the hub’s domain', async () => {
    await applyAnswerEnvelope(ctx, seal(hubKey, answer({ name: 'phish.evil.example' })));
    expect(readEnrolment(dataDir)).toMatchObject({ name: null, hubKeyId: null, lastError: { code: 'CERT_ANSWER_INVALID' } });
    expect(await certificateRequest(ctx)).toEqual({ label: 'biblioteca-aldea', csr: null });
  });

  it('a kit that reports to a hub enrols through its reports, not with the first pack that answers for it', async () => {
    await importCertificatesPack(peerKey, [answer({ name: 'phish.kits.test' })], 'http://centro.example/api/v2/sync/reports');
    expect(readEnrolment(dataDir)).toBeNull();
    await applyAnswerEnvelope(ctx, seal(hubKey, answer()));
    expect(readEnrolment(dataDir)).toMatchObject({ name: NAME, hubKeyId: hubKey.keyId });
  });
});

describe('a fresh certificate from the hub on a kit whose clock is behind (a Pi after a power cut)', () => {
  it.each([
    ['minutes', 3 * 60_000],
    ['days', 3 * 24 * 3600_000],
  ])('is installed %s behind: the clock first moves forward to the time the hub signed in its answer, and the change is logged', async (_label, behindMs) => {
    const scripts = kitClockAt(-behindMs);
    const named = answer();
    await applyAnswerEnvelope(ctx, seal(hubKey, named));
    await certificateRequest(ctx);
    const chain = chainForPendingKey([NAME]);
    await applyAnswerEnvelope(ctx, seal(hubKey, answer({ state: 'issued', chain })));
    expect(readEnrolment(dataDir)).toMatchObject({ state: 'issued', lastError: null });
    expect(installs).toBe(1);
    // The second answer and the certificate's start are no later than the clock by then: one change.
    expect(new X509Certificate(chain).validFromDate.getTime()).toBeLessThanOrEqual(Date.now());
    expect(scripts.calls()).toEqual([['kit-clock', 'set', clockArgument(new Date(named.at))]]);
    const [change] = recentClockChanges(db, 10);
    expect(change).toMatchObject({ source: 'hub', to: named.at });
    expect(Date.parse(change!.to) - Date.parse(change!.from)).toBeGreaterThan(behindMs - 60_000);
  });

  it('still refuses a chain that expired by a clock that is not behind, and never moves the clock back', async () => {
    const scripts = kitClockAt(3 * 24 * 3600_000);
    await applyAnswerEnvelope(ctx, seal(hubKey, answer()));
    await certificateRequest(ctx);
    await applyAnswerEnvelope(ctx, seal(hubKey, answer({ state: 'issued', chain: chainForPendingKey([NAME]) })));
    expect(installs).toBe(0);
    expect(readEnrolment(dataDir)?.lastError?.code).toBe('CERT_EXPIRED');
    expect(scripts.calls()).toEqual([]);
    expect(recentClockChanges(db, 10)).toEqual([]);
  });
});
