/**
 * HTTPS that sets itself up (docs/HTTPS.md), end to end with real processes:
 * Debian's pebble as the CA and pebble-challtestsrv as the DNS provider, a
 * hub server configured with them and a DNS hook, and kit servers that sync
 * with it (over the network, or by packs as by USB). A kit ends up serving
 * HTTPS for its name with pebble's chain without a restart, renews when a
 * third of the certificate's life is left, and nothing a kit or an answer
 * gets wrong costs a kit the certificate it had.
 */
import { randomUUID, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import acme from 'acme-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recorderScripts } from '../../../test/device-helpers.ts';
import { tempDir } from '../../../test/helper.ts';
import { adminToken, freePort, killKit, startKitProcess, type KitProcess } from '../../../test/kit-process.ts';
import { acmeEnv, kitAcmeEnv, startPebble, tlsHandshake, type Pebble } from '../../../test/pebble.ts';
import { runSyncJob, trustKit, withDb } from '../../../test/sync-kits.ts';
import { planPack, writePack } from './pack-export.ts';
import type { CertificateAnswer } from './certificate-exchange.ts';
import { seal, type Envelope } from './signed-envelope.ts';
import { loadOrCreateKitKey, type KitKey } from './sync-keys.ts';

// Real processes, a real CA and DNS on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const PASSWORD = 'clave-admin-acme';
const DOMAIN = 'kits.test';
const VALIDITY_S = 2 * 3600;
const MOVED_CLOCK = path.resolve(import.meta.dirname, '../../../test/moved-clock.ts');
const dirs = { hub: tempDir('kit-acme-hub-'), a: tempDir('kit-acme-a-'), b: tempDir('kit-acme-b-') };
const scripts = recorderScripts();

let pebble: Pebble;
let root: string;
/** the kits' KIT_ACME_CA_FILE: pebble's root */
let kitRoots: Record<string, string>;
let hub: KitProcess;
let A: KitProcess;
let B: KitProcess;
let tokens: { hub: string; a: string; b: string };
let httpsPortA: number;
let httpsPortB: number;

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** A kit of this test: KIT_IS_KIT with stand-in device scripts, HTTPS on its own port, its clock moved by OFFSET. */
function kitEnv(name: string, httpsPort: number, extra: Record<string, string> = {}, clockOffsetMs = 0): Record<string, string> {
  return {
    KIT_IS_KIT: 'true',
    KIT_SCRIPTS_DIR: scripts.dir,
    KIT_HOSTNAME: name,
    KIT_HTTPS_PORT: String(httpsPort),
    ...kitRoots,
    ...(clockOffsetMs !== 0 ? { NODE_OPTIONS: `--import=${MOVED_CLOCK}`, KIT_TEST_CLOCK_OFFSET_MS: String(clockOffsetMs) } : {}),
    ...extra,
  };
}

const DAY_MS = 24 * 3600_000;

/**
 * The hub's orders made AGO_MS earlier (it orders at most one certificate a day per kit). Its clock stays
 * right: a hub's signed time moves its kits' clocks forward (modules/device/kit-clock.ts).
 */
function ageHubOrders(agoMs: number): void {
  const earlier = (column: string) => `${column} = strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '-${agoMs / 1000} seconds')`;
  withDb(dirs.hub, (db) => db.prepare(`UPDATE hub_certificates SET ${earlier('attempted_at')}, ${earlier('issued_at')}`).run());
}

const startA = (clockOffsetMs = 0) =>
  startKitProcess(dirs.a, PASSWORD, kitEnv('biblioteca.aldea', httpsPortA, { KIT_SYNC_UPLOAD_URL: `${hub.base}/api/v2/sync/reports`, KIT_SYNC_INTERVAL_HOURS: '0' }, clockOffsetMs), A?.port);

interface HttpsStatusBody {
  listening: boolean;
  redirecting: boolean;
  clockConfirmed: boolean;
  name: string | null;
  certificate: { issuer: string; names: string[]; fingerprint256: string; validTo: string; renewalDueAt: string } | null;
  enrolment: { name: string | null; state: string | null; lastError: { code: string; message: string } | null } | null;
}

async function deviceHttps(kit: KitProcess, token: string): Promise<HttpsStatusBody> {
  const res = await fetch(`${kit.base}/api/v2/admin/device/status`, { headers: auth(token) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { https: HttpsStatusBody }).https;
}

interface HubKitBody {
  keyId: string;
  name: string;
  state: string;
  error: { code: string; message: string } | null;
}

async function hubKits(): Promise<HubKitBody[]> {
  const res = await fetch(`${hub.base}/api/v2/admin/sync/status`, { headers: auth(tokens.hub) });
  return ((await res.json()) as { certificates: { kits: HubKitBody[] } }).certificates.kits;
}

/** "Sincronizar ahora" until the kit serves a certificate other than BEFORE (the hub answers `pending` while the CA is slow). */
async function syncUntilNewCertificate(kit: KitProcess, token: string, before: string | null): Promise<HttpsStatusBody> {
  for (let i = 0; i < 30; i++) {
    const job = await runSyncJob(kit, token, '/api/v2/admin/sync/now');
    expect(job.state, job.message ?? '').toBe('done');
    const status = await deviceHttps(kit, token);
    if (status.certificate && status.certificate.fingerprint256 !== before) return status;
    expect(status.enrolment?.lastError ?? null).toBeNull();
  }
  throw new Error('el kit no recibió su certificado');
}

/** The TLS handshake a phone makes to NAME at the kit's HTTPS port, trusting pebble's root (or only the public roots). */
const handshake = (port: number, name: string, ca: string | undefined = root) => tlsHandshake(port, name, ca);

function pageVisit(port: number, host: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/menu?a=1', headers: { host, 'sec-fetch-mode': 'navigate', accept: 'text/html' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      })
      .on('error', reject);
  });
}

const hookCalls = () => (fs.existsSync(pebble.hookLog) ? fs.readFileSync(pebble.hookLog, 'utf8').trim().split('\n').filter(Boolean) : []);

/** A report signed with KEY carrying a certificate request, as a kit makes it (or a kit gone wrong). */
const sealReport = (key: KitKey, kitName: string, certificate: unknown, createdAt = new Date()) =>
  seal(key, { format: 1, reportId: randomUUID(), kit: kitName, createdAt: createdAt.toISOString(), usage: [], decisions: [], certificate });

/** Posts a report to the hub as a kit would: a new one, or ENVELOPE again as someone who copied it would. */
async function postReport(key: KitKey, kitName: string, certificate: unknown, envelope: Envelope = sealReport(key, kitName, certificate)): Promise<{ status: number; answer: CertificateAnswer | null; body: Record<string, unknown> }> {
  const res = await fetch(`${hub.base}/api/v2/sync/reports`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(envelope) });
  const body = (await res.json()) as Record<string, unknown> & { certificate?: { payload: string } };
  return { status: res.status, answer: body.certificate ? (JSON.parse(body.certificate.payload) as CertificateAnswer) : null, body };
}

async function csrFor(names: string[]): Promise<string> {
  const [, csr] = await acme.crypto.createCsr({ commonName: names[0], altNames: names }, await acme.crypto.createPrivateEcdsaKey());
  return csr.toString();
}

/** A pack the hub's admin exports to a drive, here as a download. */
async function exportPack(kit: KitProcess, token: string, body: Record<string, unknown>): Promise<Buffer> {
  const job = await runSyncJob(kit, token, '/api/v2/admin/sync/export', body);
  expect(job.state, job.message ?? '').toBe('done');
  const { job: done } = (await (await fetch(`${kit.base}/api/v2/admin/sync/status`, { headers: auth(token) })).json()) as { job: { download: string } };
  return Buffer.from(await (await fetch(`${kit.base}/api/v2/admin/sync/exports/${done.download}`, { headers: auth(token) })).arrayBuffer());
}

async function importPack(kit: KitProcess, token: string, pack: Buffer): Promise<Response> {
  return fetch(`${kit.base}/api/v2/admin/sync/import?arrival=pending`, { method: 'POST', headers: { ...auth(token), 'content-type': 'application/octet-stream' }, body: pack });
}

beforeAll(async () => {
  pebble = await startPebble({ validitySeconds: VALIDITY_S, blocklist: [`refused.${DOMAIN}`] });
  root = await pebble.root();
  kitRoots = await kitAcmeEnv(pebble);
  [httpsPortA, httpsPortB] = [await freePort(), await freePort()];
  hub = await startKitProcess(dirs.hub, PASSWORD, acmeEnv(pebble, DOMAIN));
  [A, B] = await Promise.all([
    startA(),
    // B comes by USB only: no hub address. Its kit_name is A's: the hub must give it another name.
    startKitProcess(dirs.b, PASSWORD, kitEnv('biblioteca.aldea', httpsPortB)),
  ]);
  tokens = { hub: await adminToken(hub.base, PASSWORD), a: await adminToken(A.base, PASSWORD), b: await adminToken(B.base, PASSWORD) };
  for (const [kit, token, label] of [[A, tokens.a, 'Kit A'], [B, tokens.b, 'Kit B']] as const) {
    await trustKit(hub, tokens.hub, kit, token, label);
    await trustKit(kit, token, hub, tokens.hub, 'Centro');
  }
}, 600_000);

afterAll(async () => {
  await Promise.all([hub && killKit(hub), A && killKit(A), B && killKit(B)]);
  await pebble?.stop();
  for (const dir of [...Object.values(dirs), scripts.dir]) fs.rmSync(dir, { recursive: true, force: true });
});

describe("certificates from the hub's ACME CA", () => {
  let firstFingerprint: string;

  it('a kit that syncs gets a certificate for its name from pebble and serves it over HTTPS at once, without a restart', async () => {
    const pid = A.proc.pid;
    expect(await deviceHttps(A, tokens.a)).toMatchObject({ listening: false, certificate: null, enrolment: null });

    const status = await syncUntilNewCertificate(A, tokens.a, null);
    const name = `biblioteca-aldea.${DOMAIN}`;
    expect(status).toMatchObject({ listening: true, redirecting: true, name, certificate: { names: [name] }, enrolment: { name, state: 'issued', lastError: null } });
    expect(status.certificate?.issuer).toMatch(/Pebble Intermediate CA/);
    firstFingerprint = status.certificate!.fingerprint256;

    // The same process, now serving HTTPS for its name with pebble's chain, which a phone trusting pebble's root accepts.
    expect(A.proc.pid).toBe(pid);
    expect(A.proc.exitCode).toBeNull();
    const tls = await handshake(httpsPortA, name);
    expect(tls).toMatchObject({ authorized: true, error: null });
    expect(tls.leaf.fingerprint256).toBe(firstFingerprint);
    // Plain-HTTP page visits to the kit's local name and to its new name go to HTTPS on the new name.
    for (const host of ['biblioteca.aldea', name]) {
      expect(await pageVisit(A.port, host)).toEqual({ status: 302, location: `https://${name}:${httpsPortA}/menu?a=1` });
    }

    // DNS-01 through the hook: published, then withdrawn, with the same value.
    const calls = hookCalls();
    expect(calls).toHaveLength(2);
    const [add, remove] = calls.map((line) => line.split(' '));
    expect(add).toEqual(['add', `_acme-challenge.${name}`, expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)]);
    expect(remove).toEqual(['remove', `_acme-challenge.${name}`, add![2]]);

    // The hub's records: the name bound to A; the kit's private key never left it.
    expect(await hubKits()).toEqual([expect.objectContaining({ name, state: 'issued', error: null })]);
    const hubRows = withDb(dirs.hub, (db) => JSON.stringify(db.prepare('SELECT * FROM hub_certificates').all()));
    const kitKey = fs.readFileSync(path.join(dirs.a, 'tls', 'key.pem'), 'utf8');
    expect(hubRows).not.toContain('PRIVATE KEY');
    expect((fs.statSync(path.join(dirs.a, 'tls', 'key.pem')).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(path.join(dirs.hub, 'secrets', 'acme-account.pem')).mode & 0o777).toString(8)).toBe('600');
    expect(fs.existsSync(path.join(dirs.a, 'secrets', 'acme-account.pem'))).toBe(false);
    expect(kitKey).toMatch(/PRIVATE KEY/);
  });

  it('asks for nothing while the certificate has more than a third of its life left', async () => {
    const before = hookCalls().length;
    expect((await runSyncJob(A, tokens.a, '/api/v2/admin/sync/now')).state).toBe('done');
    expect(hookCalls()).toHaveLength(before);
    expect((await deviceHttps(A, tokens.a)).certificate?.fingerprint256).toBe(firstFingerprint);
  });

  it('renews by itself once a third of the life is left: the kit asks at its next sync and swaps the certificate live', async () => {
    // The kit comes back later: its clock past the renewal point (two thirds of the life), the certificate still valid;
    // the hub's last order for it a day ago (it orders a kit's certificates at most once a day).
    ageHubOrders(DAY_MS + 60 * 60_000);
    await killKit(A);
    A = await startA((VALIDITY_S * 2_000) / 3 + 5 * 60_000);
    tokens.a = await adminToken(A.base, PASSWORD);
    // Restarted within the same boot: the hub's time of its first sync still confirms its clock.
    const due = await deviceHttps(A, tokens.a);
    expect(due).toMatchObject({ listening: true, redirecting: true, clockConfirmed: true, certificate: { fingerprint256: firstFingerprint } });
    const pid = A.proc.pid;

    const renewed = await syncUntilNewCertificate(A, tokens.a, firstFingerprint);
    expect(A.proc.pid).toBe(pid);
    expect(renewed).toMatchObject({ listening: true, redirecting: true, enrolment: { state: 'issued', lastError: null } });
    expect((await handshake(httpsPortA, `biblioteca-aldea.${DOMAIN}`)).leaf.fingerprint256).toBe(renewed.certificate!.fingerprint256);
    // The hub ordered it anew today. (Not counted by DNS challenges: pebble reuses an authorization it validated
    // within the hour one order in a hundred even with PEBBLE_AUTHZREUSE=0, as its draw is `rand.Intn(100) > 0`.)
    const keyA = loadOrCreateKitKey(dirs.a).keyId;
    const issuedAt = withDb(dirs.hub, (db) => (db.prepare('SELECT issued_at FROM hub_certificates WHERE key_id = ?').get(keyA) as { issued_at: string }).issued_at);
    expect(Date.now() - Date.parse(issuedAt)).toBeLessThan(DAY_MS);
  });

  it('lapses gracefully: past its expiry the kit stops the redirect (phones fall back to plain HTTP), still serves HTTPS, and refuses a chain its clock calls expired', async () => {
    ageHubOrders(DAY_MS + 60 * 60_000);
    await killKit(A);
    A = await startA(VALIDITY_S * 1000 + 60 * 60_000);
    tokens.a = await adminToken(A.base, PASSWORD);
    const name = `biblioteca-aldea.${DOMAIN}`;
    const lapsed = await deviceHttps(A, tokens.a);
    expect(lapsed).toMatchObject({ listening: true, redirecting: false });
    const served = lapsed.certificate!.fingerprint256;
    // Answered on plain HTTP (this server has no web build: the page's 404), not sent to HTTPS.
    expect(await pageVisit(A.port, 'biblioteca.aldea')).toEqual({ status: 404, location: undefined });
    expect((await handshake(httpsPortA, name, undefined)).leaf.fingerprint256).toBe(served);
    const mode = (await (await fetch(`${A.base}/api/v2/admin/phone-mode`, { headers: auth(tokens.a) })).json()) as { mode: string; reason: string };
    expect(mode).toEqual(expect.objectContaining({ mode: 'basic', reason: 'expired' }));

    // Pebble's new certificate starts now; to this kit's clock it has already ended: refused, the old one stays.
    let after = lapsed;
    for (let i = 0; i < 30 && !after.enrolment?.lastError; i++) {
      expect((await runSyncJob(A, tokens.a, '/api/v2/admin/sync/now')).state).toBe('done');
      after = await deviceHttps(A, tokens.a);
    }
    expect(after.certificate?.fingerprint256).toBe(served);
    expect(after.enrolment?.lastError).toMatchObject({ code: 'CERT_EXPIRED', message: expect.stringMatching(/^El certificado recibido del centro no se instaló: .*caducado.*Se conserva el certificado anterior$/) });

    await killKit(A);
    A = await startA();
    tokens.a = await adminToken(A.base, PASSWORD);
  });

  it('by USB: a kit with no network sends its request in a pack, the hub exports the certificates in a signed pack, the kit installs it live', async () => {
    // B's first pack says only which label it wants: the hub gives B a name (A has biblioteca-aldea).
    expect((await importPack(hub, tokens.hub, await exportPack(B, tokens.b, {}))).status).toBe(200);
    const bKeyId = loadOrCreateKitKey(dirs.b).keyId;
    const nameB = `biblioteca-aldea-${bKeyId.slice(0, 6)}.${DOMAIN}`;
    expect((await hubKits()).find((k) => k.keyId === bKeyId)).toMatchObject({ name: nameB, state: 'name-needed' });

    expect((await importPack(B, tokens.b, await exportPack(hub, tokens.hub, { certificatesOnly: true }))).status).toBe(200);
    expect((await deviceHttps(B, tokens.b)).enrolment).toMatchObject({ name: nameB, state: 'name-needed' });

    // B's next pack carries a request for that name; the hub orders it in the background.
    expect((await importPack(hub, tokens.hub, await exportPack(B, tokens.b, {}))).status).toBe(200);
    for (let i = 0; i < 600 && (await hubKits()).find((k) => k.keyId === bKeyId)?.state !== 'issued'; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await hubKits()).find((k) => k.keyId === bKeyId)).toMatchObject({ state: 'issued', error: null });

    const pid = B.proc.pid;
    expect((await importPack(B, tokens.b, await exportPack(hub, tokens.hub, { certificatesOnly: true }))).status).toBe(200);
    // Nothing on B's own network told it the time: HTTPS served, not redirected to, until its admin sets the clock.
    expect(await deviceHttps(B, tokens.b)).toMatchObject({ listening: true, redirecting: false, clockConfirmed: false, name: nameB, certificate: { names: [nameB] }, enrolment: { state: 'issued', lastError: null } });
    const clock = await fetch(`${B.base}/api/v2/admin/device/clock`, { method: 'PUT', headers: auth(tokens.b), body: JSON.stringify({ now: new Date().toISOString() }) });
    expect(clock.status).toBe(200);
    const status = await deviceHttps(B, tokens.b);
    expect(status).toMatchObject({ listening: true, redirecting: true, name: nameB, certificate: { names: [nameB] }, enrolment: { state: 'issued', lastError: null } });
    expect(B.proc.pid).toBe(pid);
    expect(await handshake(httpsPortB, nameB)).toMatchObject({ authorized: true });
  });

  it('a second kit cannot obtain the first kit’s name, nor one outside the domain, nor two names; a kit the hub does not trust gets nothing', async () => {
    const keyB = loadOrCreateKitKey(dirs.b);
    const before = hookCalls().length;
    const nameA = `biblioteca-aldea.${DOMAIN}`;

    const taken = await postReport(keyB, 'biblioteca.aldea', { label: 'biblioteca-aldea', csr: await csrFor([nameA]) });
    expect(taken.status).toBe(201);
    expect(taken.answer).toMatchObject({ kitKeyId: keyB.keyId, state: 'failed', chain: null, error: { code: 'CERT_NAME_TAKEN', message: expect.stringContaining(`El nombre ${nameA} ya es de otro kit`) } });

    const outside = await postReport(keyB, 'biblioteca.aldea', { label: 'biblioteca-aldea', csr: await csrFor(['biblioteca.example.org']) });
    expect(outside.answer).toMatchObject({ state: 'failed', chain: null, error: { code: 'CERT_NAME_OUTSIDE_DOMAIN' } });
    const two = await postReport(keyB, 'biblioteca.aldea', { label: 'biblioteca-aldea', csr: await csrFor([`otro.${DOMAIN}`, `mas.${DOMAIN}`]) });
    expect(two.answer).toMatchObject({ state: 'failed', chain: null, error: { code: 'CERT_REQUEST_INVALID' } });
    const garbage = await postReport(keyB, 'biblioteca.aldea', { label: 'biblioteca-aldea', csr: 'no es una solicitud' });
    expect(garbage.answer).toMatchObject({ state: 'failed', error: { code: 'CERT_REQUEST_INVALID' } });

    const stranger = loadOrCreateKitKey(tempDir('kit-acme-stranger-'));
    const untrusted = await postReport(stranger, 'extraño', { label: 'biblioteca-aldea', csr: await csrFor([nameA]) });
    expect(untrusted.status).toBe(400);
    expect(untrusted.body).toMatchObject({ error: { code: 'HUB_REPORT_INVALID' } });

    // No order was placed for any of them; A still holds its name and B its own, and the hub shows why B was refused last.
    expect(hookCalls()).toHaveLength(before);
    const kits = await hubKits();
    expect(kits.filter((k) => k.name === nameA)).toEqual([expect.objectContaining({ keyId: loadOrCreateKitKey(dirs.a).keyId, state: 'issued' })]);
    expect(kits.find((k) => k.keyId === keyB.keyId)).toMatchObject({ state: 'failed', error: { code: 'CERT_REQUEST_INVALID' } });
    expect(kits).toHaveLength(2);
  });

  it('a refused order and a failing DNS hook: a clear error on the hub, the same answer to the kit, the TXT record withdrawn', async () => {
    const kit = loadOrCreateKitKey(tempDir('kit-acme-d-'));
    const added = await fetch(`${hub.base}/api/v2/admin/sync/keys`, { method: 'POST', headers: auth(tokens.hub), body: JSON.stringify({ publicKey: kit.publicKey, label: 'Kit D' }) });
    expect(added.status).toBe(201);
    const first = await postReport(kit, 'refused', { label: 'refused', csr: null });
    expect(first.answer).toMatchObject({ state: 'name-needed', name: `refused.${DOMAIN}` });
    const refused = await postReport(kit, 'refused', { label: 'refused', csr: await csrFor([`refused.${DOMAIN}`]) });
    expect(refused.answer).toMatchObject({ state: 'failed', chain: null, error: { code: 'CERT_ACME_FAILED', message: expect.stringMatching(/^La autoridad de certificación no emitió el certificado/) } });
    expect((await hubKits()).find((k) => k.keyId === kit.keyId)?.error?.message).toMatch(/forbidden by policy/);

    const before = hookCalls().length;
    fs.writeFileSync(pebble.hookFailFlag, '');
    try {
      const other = loadOrCreateKitKey(tempDir('kit-acme-e-'));
      await fetch(`${hub.base}/api/v2/admin/sync/keys`, { method: 'POST', headers: auth(tokens.hub), body: JSON.stringify({ publicKey: other.publicKey, label: 'Kit E' }) });
      await postReport(other, 'escuela', { label: 'escuela', csr: null });
      const failed = await postReport(other, 'escuela', { label: 'escuela', csr: await csrFor([`escuela.${DOMAIN}`]) });
      expect(failed.answer).toMatchObject({ state: 'failed', chain: null, error: { code: 'CERT_DNS_HOOK_FAILED', message: expect.stringContaining('KIT_ACME_DNS_HOOK') } });
      // The hub's admins see what the hook said; the kit gets only the catalog's words.
      expect((await hubKits()).find((k) => k.keyId === other.keyId)?.error?.message).toMatch(/código 3: el proveedor DNS rechazó el token/);
      expect(failed.answer?.error?.message).not.toMatch(/token/);
      // The add failed, and the remove still ran for it.
      expect(hookCalls().slice(before).map((line) => line.split(' ')[0])).toEqual(['add', 'remove']);
    } finally {
      fs.rmSync(pebble.hookFailFlag, { force: true });
    }
  });

  it('a kit refuses a signed answer whose chain is for another kit, and one not meant for it, keeping its certificate', async () => {
    const before = await deviceHttps(A, tokens.a);
    const hubKey = loadOrCreateKitKey(dirs.hub);
    const keyA = loadOrCreateKitKey(dirs.a);
    const chainB = withDb(dirs.hub, (db) => (db.prepare('SELECT chain FROM hub_certificates WHERE key_id = ?').get(loadOrCreateKitKey(dirs.b).keyId) as { chain: string }).chain);
    const answer = (kitKeyId: string): CertificateAnswer => ({ format: 1, kitKeyId, domain: DOMAIN, name: `biblioteca-aldea.${DOMAIN}`, state: 'issued', chain: chainB, error: null, at: new Date().toISOString() });
    // A pack signed by the hub (trusted by A), as its admin would export it, holding B's chain under A's key id.
    const pack = await withDb(dirs.hub, async (db) => {
      const plan = planPack(db, hubKey, 'centro', [], null, { certificates: [answer(keyA.keyId), answer('0123456789abcdef')] });
      const out = new PassThrough();
      const parts: Buffer[] = [];
      out.on('data', (c: Buffer) => parts.push(c));
      await writePack(dirs.hub, plan, out, () => undefined);
      return Buffer.concat(parts);
    });
    // A certificate may be renewed early through a pack: A wants one only when due, but applies what comes.
    expect((await importPack(A, tokens.a, pack)).status).toBe(200);
    const after = await deviceHttps(A, tokens.a);
    expect(after.certificate?.fingerprint256).toBe(before.certificate?.fingerprint256);
    expect(after.enrolment?.lastError).toMatchObject({ code: 'CERT_KEY_MISMATCH', message: expect.stringMatching(/^El certificado recibido del centro no se instaló/) });
    expect((await handshake(httpsPortA, `biblioteca-aldea.${DOMAIN}`)).leaf.fingerprint256).toBe(before.certificate?.fingerprint256);
  });

  it('a report posted again, or an older one, orders nothing: each request is ordered once, and a kit at most once a day', async () => {
    const kit = loadOrCreateKitKey(tempDir('kit-acme-f-'));
    const added = await fetch(`${hub.base}/api/v2/admin/sync/keys`, { method: 'POST', headers: auth(tokens.hub), body: JSON.stringify({ publicKey: kit.publicKey, label: 'Kit F' }) });
    expect(added.status).toBe(201);
    const name = `escuela-f.${DOMAIN}`;
    const older = sealReport(kit, 'escuela-f', { label: 'escuela-f', csr: await csrFor([name]) }, new Date(Date.now() - 60_000));
    expect((await postReport(kit, 'escuela-f', { label: 'escuela-f', csr: null })).answer).toMatchObject({ state: 'name-needed', name });
    const adds = () => hookCalls().filter((line) => line.startsWith('add ')).length;
    const before = adds();

    const first = sealReport(kit, 'escuela-f', { label: 'escuela-f', csr: await csrFor([name]) });
    expect((await postReport(kit, 'escuela-f', null, first)).answer).toMatchObject({ state: 'issued' });
    expect(adds()).toBe(before + 1);
    // A new key right after: not ordered today (the hub answers "pending", the kit asks again at its next syncs).
    const second = sealReport(kit, 'escuela-f', { label: 'escuela-f', csr: await csrFor([name]) });
    expect((await postReport(kit, 'escuela-f', null, second)).answer).toMatchObject({ state: 'pending', chain: null });
    expect(adds()).toBe(before + 1);

    // Both posted again, twice each (phones carrying them): kept once, nothing asked again, each answered from the record.
    for (const [envelope, state] of [[first, 'issued'], [second, 'pending'], [first, 'issued'], [second, 'pending']] as const) {
      const replay = await postReport(kit, 'escuela-f', null, envelope);
      expect(replay).toMatchObject({ status: 201, answer: { state }, body: { stored: false } });
    }
    // A report made before the newest one, never posted until now: refused.
    const stale = await postReport(kit, 'escuela-f', null, older);
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'HUB_REPORT_STALE' } } });
    expect(adds()).toBe(before + 1);
    expect((await hubKits()).find((k) => k.keyId === kit.keyId)).toMatchObject({ state: 'issued' });
  });

  it('a kit_name under the hub’s domain keeps its label, and a kit bound under its flattened kit_name moves to it', async () => {
    const trust = async (key: KitKey, label: string) => {
      const added = await fetch(`${hub.base}/api/v2/admin/sync/keys`, { method: 'POST', headers: auth(tokens.hub), body: JSON.stringify({ publicKey: key.publicKey, label }) });
      expect(added.status).toBe(201);
    };
    // The kit asks first with its flattened kit_name (it does not know the hub's domain yet).
    const kitG = loadOrCreateKitKey(tempDir('kit-acme-g-'));
    await trust(kitG, 'Kit G');
    const ownG = `kit-07.${DOMAIN}`;
    expect((await postReport(kitG, ownG, { label: 'kit-07-kits-test', csr: null })).answer).toMatchObject({ state: 'name-needed', name: ownG });
    const issued = (await postReport(kitG, ownG, { label: 'kit-07', csr: await csrFor([ownG]) })).answer;
    expect(issued).toMatchObject({ state: 'issued', name: ownG });
    expect(new X509Certificate(issued?.chain ?? '').checkHost(ownG)).toBe(ownG);

    // Kit H was bound under its flattened name by an older hub: its next request moves it to its own.
    const kitH = loadOrCreateKitKey(tempDir('kit-acme-h-'));
    await trust(kitH, 'Kit H');
    const ownH = `kit-08.${DOMAIN}`;
    const old = `kit-08-kits-test.${DOMAIN}`;
    withDb(dirs.hub, (db) =>
      db.prepare(`INSERT INTO hub_certificates (key_id, public_key, kit_name, name, state) VALUES (?, ?, ?, ?, 'name-needed')`).run(kitH.keyId, kitH.publicKey, ownH, old),
    );
    expect((await postReport(kitH, ownH, { label: 'kit-08', csr: await csrFor([old]) })).answer).toMatchObject({ state: 'name-needed', name: ownH });
    expect((await hubKits()).find((k) => k.keyId === kitH.keyId)).toMatchObject({ name: ownH });
  });

  it('a pack imported again asks for nothing again, and a new request by pack waits its day like one by report', async () => {
    const keyB = loadOrCreateKitKey(dirs.b);
    const nameB = (await hubKits()).find((k) => k.keyId === keyB.keyId)!.name;
    /** A pack B signed carrying a request for a new key (as by USB, or copied off a drive). */
    const packWithRequest = async () => {
      const certificateRequest = { label: 'biblioteca-aldea', csr: await csrFor([nameB]) };
      return withDb(dirs.b, async (db) => {
        const out = new PassThrough();
        const parts: Buffer[] = [];
        out.on('data', (c: Buffer) => parts.push(c));
        await writePack(dirs.b, planPack(db, keyB, 'biblioteca.aldea', [], null, { certificateRequest }), out, () => undefined);
        return Buffer.concat(parts);
      });
    };
    const [first, second] = [await packWithRequest(), await packWithRequest()];
    const adds = () => hookCalls().filter((line) => line.startsWith('add ')).length;
    const before = adds();
    const row = (await hubKits()).find((k) => k.keyId === keyB.keyId);
    for (const pack of [first, second, first, second]) expect((await importPack(hub, tokens.hub, pack)).status).toBe(200);
    expect(adds()).toBe(before);
    expect((await hubKits()).find((k) => k.keyId === keyB.keyId)).toEqual(row);
  });
});
