/**
 * Enrolment tokens (docs/SYNC.md, "Enrolment tokens"), with real processes:
 * a hub with pebble as its CA makes, lists and revokes tokens; refuses a
 * wrong, revoked, expired or used-up one without changing anything; a card
 * made with a token (image/first-boot-file.sh, then scripts/kit-firstboot)
 * starts a kit that enrols as it starts and serves a trusted certificate, with
 * no key copied by hand either way and no button pressed; and a kit that
 * never reaches the hub gets its certificate in one USB round trip (a pack
 * each way).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recorderScripts } from '../../../test/device-helpers.ts';
import { pollFor, tempDir } from '../../../test/helper.ts';
import { firstBoot, imageFirstBootFile, readEnvFile } from '../../../test/kit/first-boot.ts';
import { adminToken, freePort, killKit, startKitProcess, type KitProcess } from '../../../test/kit-process.ts';
import { acmeEnv, kitAcmeEnv, startPebble, tlsHandshake, type Pebble } from '../../../test/pebble.ts';
import { runSyncJob, withDb } from '../../../test/sync-kits.ts';
import { enrolmentProof } from '../../enrolment-token.ts';
import { seal } from './signed-envelope.ts';
import { loadOrCreateKitKey, type KitKey } from './sync-keys.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const PASSWORD = 'clave-admin-inscripcion';
const DOMAIN = 'kits.test';
const dirs = { hub: tempDir('kit-enrol-hub-'), kit: tempDir('kit-enrol-kit-'), usb: tempDir('kit-enrol-usb-'), keys: tempDir('kit-enrol-keys-') };
const scripts = recorderScripts();

let pebble: Pebble;
let hub: KitProcess;
let kit: KitProcess | undefined;
let usbKit: KitProcess | undefined;
let hubToken: string;
let hubKey: { keyId: string; publicKey: string };

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

interface TokenBody {
  id: number;
  label: string;
  usesTotal: number;
  usesLeft: number;
  state: string;
  revokedAt: string | null;
}

async function createToken(body: Record<string, unknown>): Promise<{ token: TokenBody; text: string }> {
  const res = await fetch(`${hub.base}/api/v2/admin/sync/enrolment-tokens`, { method: 'POST', headers: auth(hubToken), body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { token: TokenBody; text: string };
}

async function listTokens(): Promise<TokenBody[]> {
  const res = await fetch(`${hub.base}/api/v2/admin/sync/enrolment-tokens`, { headers: auth(hubToken) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { tokens: TokenBody[] }).tokens;
}

async function trustedKeyIds(base: string, token: string): Promise<string[]> {
  const status = (await (await fetch(`${base}/api/v2/admin/sync/status`, { headers: auth(token) })).json()) as { trustedKeys: { keyId: string }[] };
  return status.trustedKeys.map((k) => k.keyId).sort();
}

let keySeq = 0;
/** A kit's key of its own, as a kit makes one at first start. */
const newKitKey = (): KitKey => loadOrCreateKitKey(path.join(dirs.keys, String(keySeq++)));

/** Posts KEY's signed enrolment with TOKEN to the hub, as a kit does. */
async function enrol(key: KitKey, token: string, kitName = 'kit.aldea'): Promise<{ status: number; body: { hubPublicKey?: string; proof?: string; error?: { code: string; message: string } } }> {
  const envelope = seal(key, { format: 1, kit: kitName, token, createdAt: new Date().toISOString() });
  const res = await fetch(`${hub.base}/api/v2/sync/enrol`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(envelope) });
  return { status: res.status, body: (await res.json()) as never };
}

beforeAll(async () => {
  pebble = await startPebble({ validitySeconds: 2 * 3600 });
  hub = await startKitProcess(dirs.hub, PASSWORD, acmeEnv(pebble, DOMAIN));
  hubToken = await adminToken(hub.base, PASSWORD);
  hubKey = ((await (await fetch(`${hub.base}/api/v2/admin/sync/status`, { headers: auth(hubToken) })).json()) as { kit: { keyId: string; publicKey: string } }).kit;
}, 600_000);

afterAll(async () => {
  await Promise.all([hub && killKit(hub), kit && killKit(kit), usbKit && killKit(usbKit)]);
  await pebble?.stop();
  for (const dir of [...Object.values(dirs), scripts.dir]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('enrolment tokens', () => {
  it('an admin makes a token for N kits and D days, sees its text once (domain, hub key id, secret), lists it and revokes it', async () => {
    const { token, text } = await createToken({ label: 'Valle norte', uses: 3, days: 10 });
    expect(text).toMatch(new RegExp(`^kp1\\.${DOMAIN.replace('.', '\\.')}\\.${hubKey.keyId}\\.[A-Za-z0-9_-]{43}$`));
    expect(token).toMatchObject({ label: 'Valle norte', usesTotal: 3, usesLeft: 3, state: 'active', revokedAt: null });
    // The hub keeps the secret's digest, never the token.
    const secret = text.split('.').at(-1)!;
    expect(withDb(dirs.hub, (db) => JSON.stringify(db.prepare('SELECT * FROM sync_enrolment_tokens').all()))).not.toContain(secret);
    const listed = (await listTokens()).find((t) => t.id === token.id);
    expect(listed).toEqual(token);
    expect(JSON.stringify(await listTokens())).not.toContain(secret);

    const revoked = await fetch(`${hub.base}/api/v2/admin/sync/enrolment-tokens/${token.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${hubToken}` } });
    expect(revoked.status).toBe(204);
    expect((await listTokens()).find((t) => t.id === token.id)).toMatchObject({ state: 'revoked', revokedAt: expect.any(String), usesLeft: 3 });

    const missing = await fetch(`${hub.base}/api/v2/admin/sync/enrolment-tokens/99999`, { method: 'DELETE', headers: { authorization: `Bearer ${hubToken}` } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('ENROLMENT_TOKEN_NOT_FOUND');
    const noUses = await fetch(`${hub.base}/api/v2/admin/sync/enrolment-tokens`, { method: 'POST', headers: auth(hubToken), body: JSON.stringify({ uses: 0, days: 10 }) });
    expect(noUses.status).toBe(400);
    const anonymous = await fetch(`${hub.base}/api/v2/admin/sync/enrolment-tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uses: 1, days: 1 }) });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a wrong, revoked, expired or used-up token, or an enrolment not signed by its key, with a stable code, and trusts nobody', async () => {
    const trustedBefore = await trustedKeyIds(hub.base, hubToken);
    const { text: good } = await createToken({ uses: 1, days: 1 });
    const { token: revoked, text: revokedText } = await createToken({ uses: 5, days: 1 });
    await fetch(`${hub.base}/api/v2/admin/sync/enrolment-tokens/${revoked.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${hubToken}` } });
    const { token: old, text: oldText } = await createToken({ uses: 5, days: 1 });
    withDb(dirs.hub, (db) => db.prepare(`UPDATE sync_enrolment_tokens SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?`).run(old.id));

    const wrongSecret = good.replace(/[^.]+$/, 'A'.repeat(43));
    const otherHub = good.replace(hubKey.keyId, '0123456789abcdef');
    const key = newKitKey();
    for (const [token, status, code] of [
      [wrongSecret, 400, 'ENROLMENT_TOKEN_INVALID'],
      [otherHub, 400, 'ENROLMENT_TOKEN_INVALID'],
      ['no es un código', 400, 'ENROLMENT_TOKEN_INVALID'],
      [revokedText, 409, 'ENROLMENT_TOKEN_REVOKED'],
      [oldText, 409, 'ENROLMENT_TOKEN_EXPIRED'],
    ] as const) {
      const refused = await enrol(key, token);
      expect(refused, token).toMatchObject({ status, body: { error: { code, message: expect.stringMatching(/código de inscripción/) } } });
    }
    // Signed by another key than the one it carries.
    const forged = seal(key, { format: 1, kit: 'kit.aldea', token: good, createdAt: new Date().toISOString() });
    forged.signature.publicKey = newKitKey().publicKey;
    const res = await fetch(`${hub.base}/api/v2/sync/enrol`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forged) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ENROLMENT_INVALID');
    expect(await trustedKeyIds(hub.base, hubToken)).toEqual(trustedBefore);

    // The one use goes to the first kit, which gets the hub's key proven by the secret; a second kit finds it used up.
    const first = await enrol(key, good);
    expect(first).toEqual({ status: 201, body: { hubPublicKey: hubKey.publicKey, proof: enrolmentProof(good.split('.').at(-1)!, hubKey.publicKey, key.keyId) } });
    expect(await trustedKeyIds(hub.base, hubToken)).toEqual([...trustedBefore, key.keyId].sort());
    const second = newKitKey();
    expect(await enrol(second, good)).toMatchObject({ status: 409, body: { error: { code: 'ENROLMENT_TOKEN_USED_UP' } } });
    expect(await trustedKeyIds(hub.base, hubToken)).not.toContain(second.keyId);
    // The first kit asking again (its answer was lost) is answered, and uses nothing.
    expect((await enrol(key, good)).status).toBe(201);
    expect((await listTokens()).find((t) => t.usesTotal === 1 && t.usesLeft === 0)).toMatchObject({ state: 'used-up' });
  });

  it('a card made by make image with a token boots, enrols and serves a trusted certificate for its own name, with nobody pressing anything', async () => {
    const { token, text } = await createToken({ label: 'Tarjetas de diciembre', uses: 2, days: 30 });
    // The technician's build: make image HUB_UPLOAD_URL=… HUB_TOKEN=… KIT_PORTAL_TXT=… writes the card's kit-portal.txt.
    const own = path.join(dirs.keys, 'kit-portal.txt');
    fs.writeFileSync(own, `kit_name=kit-07.${DOMAIN}\ncountry=pe\n`);
    const card = imageFirstBootFile({ KIT_PORTAL_TXT: own, HUB_UPLOAD_URL: `${hub.base}/api/v2/sync/reports`, HUB_TOKEN: text });
    expect(card.status, card.stderr).toBe(0);
    // The card's first boot turns it into the server's settings; the server starts with exactly those.
    const boot = firstBoot(card.stdout);
    expect(boot.status, boot.stderr).toBe(0);
    const env = readEnvFile(path.join(boot.root, 'etc/kit-portal/env'));
    expect(env).toMatchObject({ KIT_HOSTNAME: `kit-07.${DOMAIN}`, KIT_SYNC_ENROLMENT_TOKEN: text });
    const httpsPort = await freePort();
    const acme = await kitAcmeEnv(pebble);
    kit = await startKitProcess(dirs.kit, env.KIT_ADMIN_PASSWORD!, {
      ...env,
      // What kit-portal.service adds (KIT_IS_KIT), the device's scripts, and this test's CA and port.
      KIT_IS_KIT: 'true',
      KIT_SCRIPTS_DIR: scripts.dir,
      KIT_HTTPS_PORT: String(httpsPort),
      ...acme,
    });
    const kitToken = await adminToken(kit.base, env.KIT_ADMIN_PASSWORD!);

    // It syncs as it starts: a kit that never synced does not wait for its interval.
    const name = `kit-07.${DOMAIN}`;
    const device = await pollFor('el certificado del kit', 240, async () => {
      const body = (await (await fetch(`${kit!.base}/api/v2/admin/device/status`, { headers: auth(kitToken) })).json()) as { https: { listening: boolean; enrolment: { lastError: unknown } | null } };
      expect(body.https.enrolment?.lastError ?? null).toBeNull();
      return body.https.listening ? body.https : null;
    });
    // A kit_name under the hub's domain keeps its label: the name phones are told is the one covered.
    expect(device).toMatchObject({ name, certificate: { names: [name] }, enrolment: { name, state: 'issued', lastError: null } });
    expect(await tlsHandshake(httpsPort, name, fs.readFileSync(acme.KIT_ACME_CA_FILE!, 'utf8'))).toMatchObject({ authorized: true, error: null });

    // Each trusts the other, though nobody copied a key; the token kept its other use.
    const kitKeyId = ((await (await fetch(`${kit.base}/api/v2/admin/sync/status`, { headers: auth(kitToken) })).json()) as { kit: { keyId: string } }).kit.keyId;
    expect(await trustedKeyIds(kit.base, kitToken)).toEqual([hubKey.keyId]);
    expect(await trustedKeyIds(hub.base, hubToken)).toContain(kitKeyId);
    expect((await listTokens()).find((t) => t.id === token.id)).toMatchObject({ usesLeft: 1, state: 'active' });

    // The next sync enrols nothing again.
    expect((await runSyncJob(kit, kitToken, '/api/v2/admin/sync/now')).state).toBe('done');
    expect((await listTokens()).find((t) => t.id === token.id)).toMatchObject({ usesLeft: 1 });
  });

  it('a kit that never reaches the hub gets its certificate by USB in one round trip: a pack there, a pack back, no key copied', async () => {
    const { token, text } = await createToken({ label: 'Por USB', uses: 1, days: 30 });
    const httpsPort = await freePort();
    usbKit = await startKitProcess(dirs.usb, PASSWORD, {
      KIT_IS_KIT: 'true',
      KIT_SCRIPTS_DIR: scripts.dir,
      KIT_HOSTNAME: 'biblioteca.lago',
      KIT_HTTPS_PORT: String(httpsPort),
      ...(await kitAcmeEnv(pebble)),
      KIT_SYNC_ENROLMENT_TOKEN: text,
    });
    const kitToken = await adminToken(usbKit.base, PASSWORD);
    const kitStatus = async () => (await (await fetch(`${usbKit!.base}/api/v2/admin/sync/status`, { headers: auth(kitToken) })).json()) as { kit: { keyId: string }; enrolmentToken: unknown };
    const { kit: { keyId: kitKeyId }, enrolmentToken } = await kitStatus();
    // The page shows the token's hub and domain, never its secret.
    expect(enrolmentToken).toEqual({ hubKeyId: hubKey.keyId, domain: DOMAIN, enrolled: false });
    const name = `biblioteca-lago.${DOMAIN}`;

    // A content pack goes to other kits: it never carries the enrolment, which holds the token's secret.
    const content = await runSyncJob<unknown>(usbKit, kitToken, '/api/v2/admin/sync/export', {});
    expect(content.state, content.message ?? '').toBe('done');
    const secret = text.split('.').at(-1)!;
    expect(fs.readdirSync(path.join(dirs.usb, 'sync', 'exports')).map((f) => fs.readFileSync(path.join(dirs.usb, 'sync', 'exports', f), 'latin1')).join('')).not.toContain(secret);

    // Carry 1: the kit's admin exports its enrolment and request (action 1), the hub's admin imports them (action 2).
    const there = await exportPack(usbKit, kitToken);
    expect((await importPack(hub, hubToken, there)).status).toBe(200);
    expect(await trustedKeyIds(hub.base, hubToken)).toContain(kitKeyId);
    expect((await listTokens()).find((t) => t.id === token.id)).toMatchObject({ usesLeft: 0 });
    // The hub orders in the background; its admin exports once the list says it is issued.
    for (let i = 0; ; i++) {
      const kits = ((await (await fetch(`${hub.base}/api/v2/admin/sync/status`, { headers: auth(hubToken) })).json()) as { certificates: { kits: { keyId: string; name: string; state: string }[] } }).certificates.kits;
      const row = kits.find((k) => k.keyId === kitKeyId);
      expect(row?.name).toBe(name);
      if (row?.state === 'issued') break;
      expect(row?.state).not.toBe('failed');
      expect(i).toBeLessThan(2400);
      await new Promise((r) => setTimeout(r, 50));
    }

    // Carry 2: the hub's admin exports the certificates (action 3), the kit's admin imports them (action 4).
    const back = await exportPack(hub, hubToken);
    expect((await importPack(usbKit, kitToken, back)).status).toBe(200);
    expect(await trustedKeyIds(usbKit.base, kitToken)).toEqual([hubKey.keyId]);
    expect((await kitStatus()).enrolmentToken).toMatchObject({ enrolled: true });
    const device = (await (await fetch(`${usbKit.base}/api/v2/admin/device/status`, { headers: auth(kitToken) })).json()) as { https: Record<string, unknown> };
    expect(device.https).toMatchObject({ listening: true, name, certificate: { names: [name] }, enrolment: { name, state: 'issued', lastError: null } });
  });
});

/** An admin's certificate-only export, downloaded. */
async function exportPack(k: KitProcess, token: string): Promise<Buffer> {
  const job = await runSyncJob<unknown>(k, token, '/api/v2/admin/sync/export', { certificatesOnly: true });
  expect(job.state, job.message ?? '').toBe('done');
  const { job: done } = (await (await fetch(`${k.base}/api/v2/admin/sync/status`, { headers: auth(token) })).json()) as { job: { download: string } };
  return Buffer.from(await (await fetch(`${k.base}/api/v2/admin/sync/exports/${done.download}`, { headers: auth(token) })).arrayBuffer());
}

async function importPack(k: KitProcess, token: string, pack: Buffer): Promise<Response> {
  const res = await fetch(`${k.base}/api/v2/admin/sync/import?arrival=pending`, { method: 'POST', headers: { ...auth(token), 'content-type': 'application/octet-stream' }, body: pack });
  expect(res.status, await res.clone().text()).toBe(200);
  return res;
}
