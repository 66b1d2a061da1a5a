/**
 * The kit's clock (docs/API-device.md "The kit's clock") on real apps and
 * databases, with a kit whose system clock is behind (a Pi after a power cut)
 * and a stand-in of scripts/kit-clock that records what it is asked: phones
 * that agree, the hub's signed time in its answer to a report (a real hub
 * app over HTTP), the admin, and the log of changes /admin/device shows.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { actionCalls, cleanupDeviceDirs, phonesTrust, recorderScripts, selfSignedCertificate, until, type RecorderScripts } from '../../../test/device-helpers.ts';
import { buildTestApp, createUser, login, tempDir, type TestApp } from '../../../test/helper.ts';
import { seal } from '../sync/signed-envelope.ts';
import { loadOrCreateKitKey } from '../sync/sync-keys.ts';
import { addTrustedKey } from '../sync/sync.repo.ts';
import { parseCertificatePair, writeCertificatePair } from './device.certificate.ts';
import { startHttps } from './https.plugin.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Kit {
  t: TestApp;
  scripts: RecorderScripts;
  token: string;
}

const open: TestApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});
afterAll(cleanupDeviceDirs);

/** A boot of its own: the kernel's boot id as a file (kit-clock.ts keeps a confirmation for the boot). */
function bootIdFile(): string {
  const file = path.join(tempDir('kit-boot-'), 'boot_id');
  fs.writeFileSync(file, `${randomUUID()}\n`);
  return file;
}

/** A kit whose system clock is BEHIND_MS behind the real time (negative: ahead), in a boot of its own. */
async function kitBehind(behindMs: number, env: Record<string, string> = {}): Promise<Kit> {
  const scripts = recorderScripts();
  const t = await buildTestApp({ KIT_IS_KIT: 'true', KIT_SCRIPTS_DIR: scripts.dir, ...env }, { device: { clock: { systemNow: () => Date.now() - behindMs, bootIdFile: bootIdFile() } } });
  open.push(t);
  await createUser(t.app, 'admin', 'clave-admin', { admin: true });
  return { t, scripts, token: (await login(t.app, 'admin', 'clave-admin')).token };
}

/** What scripts/kit-clock was asked to set, as times (the script takes whole seconds). */
const clockSets = (kit: Kit): number[] => actionCalls(kit.scripts).filter((c) => c[0] === 'kit-clock').map((c) => Date.parse(`${c[2]!.replace(' UTC', 'Z').replace(' ', 'T')}`));

async function clockStatus(kit: Kit) {
  const res = await kit.t.app.inject({ method: 'GET', url: '/api/v2/admin/device/status', headers: { authorization: `Bearer ${kit.token}` } });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return { ...body.clock, now: Date.parse(body.now), clockConfirmed: body.https.clockConfirmed } as {
    confirmedBy: string | null;
    changes: { source: string; from: string; to: string }[];
    now: number;
    clockConfirmed: boolean;
  };
}

/** Runs a sync job of the kit (POST /api/v2/admin/sync/URL) to its end. */
async function syncJob(kit: Pick<Kit, 't' | 'token'>, url = 'now') {
  const headers = { authorization: `Bearer ${kit.token}` };
  const started = await kit.t.app.inject({ method: 'POST', url: `/api/v2/admin/sync/${url}`, headers, payload: {} });
  expect(started.statusCode, started.body).toBe(202);
  const job = await until(
    async () => (await kit.t.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers })).json().job,
    (current: { state: string }) => current.state !== 'running',
  );
  return job as { state: string; errorCode: string | null };
}
const syncNow = (kit: Kit) => syncJob(kit);

/** The web app's call at start, from the phone at ADDRESS whose clock reads PHONE_NOW. */
const hint = (kit: Kit, address: string, phoneNow: number | string) =>
  kit.t.app.inject({ method: 'POST', url: '/api/v2/clock/hint', payload: { now: typeof phoneNow === 'string' ? phoneNow : new Date(phoneNow).toISOString() }, remoteAddress: address });

describe('phones that agree (POST /api/v2/clock/hint)', () => {
  it.each([
    ['minutes', 5 * MINUTE],
    ['days', 3 * DAY],
  ])('three phones move a clock %s behind forward to their median, and the change is logged and shown', async (_label, behindMs) => {
    const kit = await kitBehind(behindMs);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: null, clockConfirmed: false, changes: [] });
    const now = Date.now();
    for (const [address, skew] of [['10.42.0.21', -20_000], ['10.42.0.22', 0], ['10.42.0.23', 30_000]] as const) {
      expect((await hint(kit, address, now + skew)).statusCode).toBe(204);
    }
    const [set] = clockSets(kit);
    expect(clockSets(kit)).toHaveLength(1);
    expect(Math.abs(set! - now)).toBeLessThan(5_000);
    const status = await clockStatus(kit);
    expect(status).toMatchObject({ confirmedBy: 'phones', clockConfirmed: true, changes: [{ source: 'phones' }] });
    expect(Date.parse(status.changes[0]!.to) - Date.parse(status.changes[0]!.from)).toBeGreaterThan(behindMs - 5_000);
    expect(Math.abs(status.now - Date.now())).toBeLessThan(5_000);
  });

  it.each<[string, [string, number][]]>([
    ['two phones', [['10.42.0.21', 0], ['10.42.0.22', 10_000]]],
    ['three phones that disagree', [['10.42.0.21', 0], ['10.42.0.22', 60 * MINUTE], ['10.42.0.23', 3 * 60 * MINUTE]]],
    ['one phone three times', [['10.42.0.21', 0], ['10.42.0.21', 1_000], ['10.42.0.21', 2_000]]],
    ['three that agree, heard after three that do not (not most of the phones)', [['10.42.0.24', 50 * MINUTE], ['10.42.0.25', 90 * MINUTE], ['10.42.0.26', 200 * MINUTE], ['10.42.0.21', 0], ['10.42.0.22', 1_000], ['10.42.0.23', 2_000]]],
  ])('does not move the clock for %s, nor confirm it', async (_label, phones) => {
    const kit = await kitBehind(3 * DAY);
    const now = Date.now();
    for (const [address, skew] of phones) expect((await hint(kit, address, now + skew)).statusCode).toBe(204);
    expect(clockSets(kit)).toEqual([]);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: null, clockConfirmed: false, changes: [] });
  });

  it('never moves the clock back: phones that agree the kit is ahead confirm it, and it stays', async () => {
    const kit = await kitBehind(-30 * MINUTE);
    for (const address of ['10.42.0.21', '10.42.0.22', '10.42.0.23']) await hint(kit, address, Date.now());
    expect(clockSets(kit)).toEqual([]);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: 'phones', changes: [] });
  });

  it('leaves a clock alone that is within two minutes of the phones (confirmed, not changed)', async () => {
    const kit = await kitBehind(90_000);
    for (const address of ['10.42.0.21', '10.42.0.22', '10.42.0.23']) await hint(kit, address, Date.now());
    expect(clockSets(kit)).toEqual([]);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: 'phones', changes: [] });
  });

  it('no longer listens to phones once the admin gave the time', async () => {
    const kit = await kitBehind(3 * DAY);
    const adminTime = new Date(Date.now() - 3 * DAY + MINUTE);
    const put = await kit.t.app.inject({ method: 'PUT', url: '/api/v2/admin/device/clock', headers: { authorization: `Bearer ${kit.token}` }, payload: { now: adminTime.toISOString() } });
    expect(put.statusCode).toBe(200);
    for (const address of ['10.42.0.21', '10.42.0.22', '10.42.0.23']) await hint(kit, address, Date.now());
    expect(clockSets(kit)).toEqual([Math.floor(adminTime.getTime() / 1000) * 1000]);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: 'admin', changes: [{ source: 'admin', to: adminTime.toISOString() }] });
  });

  it('stays confirmed when the server restarts within the same boot (an update, the watchdog), not after a reboot', async () => {
    const env = { KIT_IS_KIT: 'true', KIT_SCRIPTS_DIR: recorderScripts().dir, KIT_DATA_DIR: tempDir('kit-restart-') };
    const boot = bootIdFile();
    const start = async (bootId: string) => {
      const t = await buildTestApp(env, { device: { clock: { bootIdFile: bootId } } });
      open.push(t);
      return t.app.kitClock;
    };
    const first = await start(boot);
    expect(first.confirmed).toBe(false);
    await first.setByAdmin(new Date());
    await open.pop()!.close();
    expect((await start(boot)).status().confirmedBy).toBe('admin');
    await open.pop()!.close();
    expect((await start(bootIdFile())).confirmed).toBe(false);
  });

  it('lets the admin move the clock back, and logs it', async () => {
    const kit = await kitBehind(-2 * DAY);
    const back = new Date(Date.now());
    await kit.t.app.inject({ method: 'PUT', url: '/api/v2/admin/device/clock', headers: { authorization: `Bearer ${kit.token}` }, payload: { now: back.toISOString() } });
    const [change] = (await clockStatus(kit)).changes;
    expect(change).toMatchObject({ source: 'admin', to: back.toISOString() });
    expect(Date.parse(change!.from) - Date.parse(change!.to)).toBeGreaterThan(2 * DAY - MINUTE);
  });

  it('refuses a time that is not one with 400 VALIDATION, and an address that sends too many with 429', async () => {
    const kit = await kitBehind(3 * DAY);
    for (const now of ['ayer', '2026-02-30T10:00:00Z', '2026-12-02T10:00:00']) {
      const res = await hint(kit, '10.42.0.21', now);
      expect(res.statusCode, now).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', data: { field: 'body.now' } });
    }
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await hint(kit, '10.42.0.30', Date.now())).statusCode;
    expect(last).toBe(429);
    expect(clockSets(kit)).toEqual([]);
  });

  it('is taken and ignored off a kit', async () => {
    const scripts = recorderScripts();
    const t = await buildTestApp({ KIT_SCRIPTS_DIR: scripts.dir }, { device: { clock: { systemNow: () => Date.now() - DAY } } });
    open.push(t);
    for (const address of ['10.42.0.21', '10.42.0.22', '10.42.0.23']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/clock/hint', payload: { now: new Date().toISOString() }, remoteAddress: address });
      expect(res.statusCode).toBe(204);
    }
    expect(scripts.calls()).toEqual([]);
  });
});

describe('the hub’s signed time in its answer to a report', () => {
  /** A hub listening on loopback that trusts the kit, and the kit reporting to it (trusting the hub). */
  async function kitReportingToHub(behindMs: number): Promise<Kit> {
    const hub = await buildTestApp();
    open.push(hub);
    await hub.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = hub.app.server.address() as { port: number };
    const kit = await kitBehind(behindMs, { KIT_SYNC_UPLOAD_URL: `http://127.0.0.1:${port}/api/v2/sync/reports`, KIT_SYNC_INTERVAL_HOURS: '0' });
    const hubKey = loadOrCreateKitKey(hub.dataDir);
    const kitKey = loadOrCreateKitKey(kit.t.dataDir);
    addTrustedKey(hub.app.db, { keyId: kitKey.keyId, publicKey: kitKey.publicKey, label: 'Kit', addedBy: null });
    addTrustedKey(kit.t.app.db, { keyId: hubKey.keyId, publicKey: hubKey.publicKey, label: 'Centro', addedBy: null });
    return kit;
  }

  it.each([
    ['minutes', 3 * MINUTE],
    ['days', 3 * DAY],
  ])('moves a clock %s behind forward to the hub’s time, confirmed, and logged as the hub’s', async (_label, behindMs) => {
    const kit = await kitReportingToHub(behindMs);
    const before = Date.now();
    expect(await syncNow(kit)).toMatchObject({ state: 'done' });
    const [set] = clockSets(kit);
    expect(clockSets(kit)).toHaveLength(1);
    expect(set).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(set).toBeLessThanOrEqual(Date.now());
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: 'hub', clockConfirmed: true, changes: [{ source: 'hub' }] });
    // The hub told it the time: phones are not heard any more.
    for (const address of ['10.42.0.21', '10.42.0.22', '10.42.0.23']) await hint(kit, address, Date.now() + DAY);
    expect(clockSets(kit)).toHaveLength(1);
  });

  it('takes the hub’s time from its refusal too: a kit ten days behind sends a stale report, and its clock is corrected', async () => {
    const kit = await kitReportingToHub(10 * DAY);
    expect(await syncNow(kit)).toMatchObject({ state: 'failed', errorCode: 'HUB_REPORT_STALE' });
    expect(clockSets(kit)).toHaveLength(1);
    expect(Math.abs(clockSets(kit)[0]! - Date.now())).toBeLessThan(10_000);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: 'hub', changes: [{ source: 'hub' }] });
    // The next sync is on time.
    expect(await syncNow(kit)).toMatchObject({ state: 'done' });
  });

  it('confirms a clock that is right without changing it, and never moves one that is ahead back', async () => {
    const kit = await kitReportingToHub(-DAY);
    expect(await syncNow(kit)).toMatchObject({ state: 'done' });
    expect(clockSets(kit)).toEqual([]);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: 'hub', changes: [] });
  });
});

describe('lower bounds: they move the clock forward, but do not confirm it', () => {
  it('the installed certificate’s start, when HTTPS starts: a clock days behind moves to it, and still nothing is redirected', async () => {
    const certificate = selfSignedCertificate(['portal.kit']);
    const kit = await kitBehind(3 * DAY, phonesTrust(certificate));
    const pair = parseCertificatePair(certificate.cert, certificate.key);
    await writeCertificatePair(kit.t.dataDir, pair);
    await kit.t.app.listen({ port: 0, host: '127.0.0.1' });
    await startHttps(kit.t.app, { port: 0 });
    const start = pair.chain[0]!.validFromDate;
    expect(clockSets(kit)).toEqual([start.getTime()]);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: null, clockConfirmed: false, changes: [{ source: 'certificate', to: start.toISOString() }] });
    const page = await kit.t.app.inject({ method: 'GET', url: '/menu', headers: { host: 'portal.kit', accept: 'text/html' } });
    expect(page.statusCode).not.toBe(302);
  });

  it('the time in the hub’s signed answer a phone carried from a hub the kit never reaches', async () => {
    const kit = await kitBehind(3 * DAY);
    const hubKey = loadOrCreateKitKey(tempDir('kit-hub-key-'));
    addTrustedKey(kit.t.app.db, { keyId: hubKey.keyId, publicKey: hubKey.publicKey, label: 'Centro', addedBy: null });
    // The hub answered a day ago; the phone brings the answer back today.
    const answeredAt = new Date(Date.now() - DAY).toISOString();
    const answer = { format: 1, kitKeyId: loadOrCreateKitKey(kit.t.dataDir).keyId, domain: 'kits.example.org', name: 'aldea.kits.example.org', state: 'pending', chain: null, error: null, at: answeredAt };
    const res = await kit.t.app.inject({ method: 'POST', url: '/api/v2/sync/courier', payload: seal(hubKey, answer), remoteAddress: '10.42.0.30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(clockSets(kit)).toEqual([Math.floor(Date.parse(answeredAt) / 1000) * 1000]);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: null, clockConfirmed: false, changes: [{ source: 'hub', to: answeredAt }] });
  });

  it('the time the hub’s signed feed was published', async () => {
    const hub = await buildTestApp();
    open.push(hub);
    await createUser(hub.app, 'admin', 'clave-admin', { admin: true });
    expect(await syncJob({ t: hub, token: (await login(hub.app, 'admin', 'clave-admin')).token }, 'publish')).toMatchObject({ state: 'done' });
    await hub.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = hub.app.server.address() as { port: number };
    const kit = await kitBehind(3 * DAY, { KIT_SYNC_FEED_URL: `http://127.0.0.1:${port}/hub/feed.json`, KIT_SYNC_INTERVAL_HOURS: '0' });
    const hubKey = loadOrCreateKitKey(hub.dataDir);
    addTrustedKey(kit.t.app.db, { keyId: hubKey.keyId, publicKey: hubKey.publicKey, label: 'Centro', addedBy: null });
    const published = Date.parse((JSON.parse(JSON.parse(await (await fetch(`http://127.0.0.1:${port}/hub/feed.json`)).text()).payload) as { updatedAt: string }).updatedAt);
    expect(await syncNow(kit)).toMatchObject({ state: 'done' });
    expect(clockSets(kit)).toEqual([Math.floor(published / 1000) * 1000]);
    expect(await clockStatus(kit)).toMatchObject({ confirmedBy: null, changes: [{ source: 'hub', to: new Date(published).toISOString() }] });
  });
});
