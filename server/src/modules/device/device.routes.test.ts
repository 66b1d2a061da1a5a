import os from 'node:os';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionCalls, cleanupDeviceDirs, deviceFixtures, recorderScripts, sleep, until, type DeviceFixtures, type RecorderScripts } from '../../../test/device-helpers.ts';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helper.ts';
import type { DeviceOptions } from './device.service.ts';

// /api/v2/admin/device/… against the real app, with KIT_SCRIPTS_DIR pointing
// at stand-in scripts that record their argv (real processes), and the /proc
// and /sys readings pointed at fixture files.

interface Kit {
  t: TestApp;
  scripts: RecorderScripts;
  fixtures: DeviceFixtures;
  tokens: { admin: string; user: string; denied: string };
  cookie: string;
  adminId: number;
}

async function startKit(env: Record<string, string> = {}, options: DeviceOptions = {}): Promise<Kit> {
  const scripts = recorderScripts();
  const fixtures = deviceFixtures();
  const t = await buildTestApp(
    { KIT_IS_KIT: 'true', KIT_SCRIPTS_DIR: scripts.dir, KIT_WIFI_SSID: 'Biblioteca-AB12', ...env },
    { device: { paths: fixtures.paths, powerDelayMs: 300, hotspotTimeoutMs: 1_500, wifiDelayMs: 300, ...options } },
  );
  const adminId = await createUser(t.app, 'admin', 'clave-admin', { admin: true });
  await createUser(t.app, 'rosa', 'clave-rosa');
  const denied = await createUser(t.app, 'vetado', 'clave-vetado', { admin: true });
  t.app.db.prepare('INSERT INTO denied_users (user_id) VALUES (?)').run(denied);
  const admin = await login(t.app, 'admin', 'clave-admin');
  return {
    t,
    scripts,
    fixtures,
    adminId,
    cookie: admin.cookie,
    tokens: { admin: admin.token, user: (await login(t.app, 'rosa', 'clave-rosa')).token, denied: (await login(t.app, 'vetado', 'clave-vetado')).token },
  };
}

function api(app: FastifyInstance, method: InjectOptions['method'], url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method, url: `/api/v2/admin/device/${url}`, payload: payload as InjectOptions['payload'], headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
}

const ENDPOINTS: [InjectOptions['method'], string, unknown][] = [
  ['GET', 'status', undefined],
  ['POST', 'power', { action: 'reboot' }],
  ['POST', 'hotspot', { state: 'off' }],
  ['PUT', 'clock', { now: '2025-06-01T12:00:00Z' }],
  ['PUT', 'certificate', { cert: 'x', key: 'y' }],
  ['GET', 'wifi', undefined],
  ['PUT', 'wifi', { ssid: 'Biblioteca', security: 'open', channel: 'auto', band: '2.4', country: 'PE', maxPhones: 10 }],
  ['POST', 'wifi/confirm', undefined],
];

afterAll(cleanupDeviceDirs);

/**
 * Time for a wrongly started script to show in the record: power and a Wi-Fi
 * change run 300 ms after their answer in these apps, the hotspot in the
 * background; the clock and status run before the answer.
 */
const settle = (url: string) => sleep(url === 'power' ? 450 : url === 'hotspot' ? 200 : url === 'wifi' ? 450 : 0);

describe('device control: who may use it', () => {
  let kit: Kit;
  let notKit: Kit;
  beforeAll(async () => {
    kit = await startKit();
    notKit = await startKit({ KIT_IS_KIT: 'false' });
  });
  afterAll(async () => {
    await kit.t.close();
    await notKit.t.close();
  });
  beforeEach(() => kit.scripts.reset());

  it.each(ENDPOINTS)('%s %s: anonymous 401, a user 403, a denied admin 403, and nothing runs', async (method, url, body) => {
    const code = async (token?: string) => {
      const res = await api(kit.t.app, method, url, token, body);
      return `${res.statusCode} ${res.json().error?.code}`;
    };
    expect(await code()).toBe('401 UNAUTHORIZED');
    expect(await code(kit.tokens.user)).toBe('403 FORBIDDEN');
    expect(await code(kit.tokens.denied)).toBe('403 FORBIDDEN');
    await settle(url);
    expect(kit.scripts.calls()).toEqual([]);
  });

  it.each(ENDPOINTS)('%s %s: refused with DEVICE_NOT_KIT when the server is not a kit, even to an admin, and nothing runs', async (method, url, body) => {
    const res = await api(notKit.t.app, method, url, notKit.tokens.admin, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'DEVICE_NOT_KIT', message: 'El control del dispositivo solo existe en un kit' });
    expect((await api(notKit.t.app, method, url, undefined, body)).statusCode).toBe(401);
    await settle(url);
    expect(notKit.scripts.calls()).toEqual([]);
  });

  it('refuses a cookie-only write without our header or from another site (CSRF), and runs nothing', async () => {
    const noHeader = await api(kit.t.app, 'POST', 'hotspot', undefined, { state: 'off' }, { cookie: kit.cookie });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe('CSRF_REJECTED');
    const crossSite = await api(kit.t.app, 'POST', 'power', undefined, { action: 'poweroff' }, { cookie: kit.cookie, 'x-requested-with': 'XMLHttpRequest', origin: 'http://evil.example' });
    expect(crossSite.json().error.code).toBe('CSRF_REJECTED');
    const clock = await api(kit.t.app, 'PUT', 'clock', undefined, { now: '2025-06-01T12:00:00Z' }, { cookie: kit.cookie, 'sec-fetch-site': 'cross-site', 'x-requested-with': 'XMLHttpRequest' });
    expect(clock.json().error.code).toBe('CSRF_REJECTED');
    await sleep(400);
    expect(kit.scripts.calls()).toEqual([]);
  });

  it('lets the admin in with the cookie and our header (the web page)', async () => {
    const res = await api(kit.t.app, 'GET', 'status', undefined, undefined, { cookie: kit.cookie });
    expect(res.statusCode).toBe(200);
    const write = await api(kit.t.app, 'POST', 'hotspot', undefined, { state: 'on' }, { cookie: kit.cookie, 'x-requested-with': 'XMLHttpRequest' });
    expect(write.statusCode).toBe(202);
    expect(await until(() => actionCalls(kit.scripts), (c) => c.length > 0)).toEqual([['kit-hotspot', 'on']]);
  });
});

describe('GET /api/v2/admin/device/status', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await startKit();
  });
  afterAll(() => kit.t.close());
  beforeEach(() => kit.scripts.reset());

  it('reports the fixture readings, the hotspot from kit-hotspot status, the phones and the clock', async () => {
    kit.scripts.answer('kit-hotspot', 'status', { stdout: 'active\n' });
    const before = Date.now();
    const res = await api(kit.t.app, 'GET', 'status', kit.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const status = res.json();
    expect(status).toMatchObject({
      hostname: 'portal.kit',
      uptimeSeconds: 12345,
      temperatureC: 48.3,
      load: { one: 0.52, five: 0.58, fifteen: 0.59, cores: os.availableParallelism() },
      throttling: { source: 'firmware', underVoltageNow: true, throttledNow: true, frequencyCappedNow: false, underVoltageSinceBoot: true },
      memory: { totalBytes: 3884136 * 1024, availableBytes: 3012345 * 1024 },
      hotspot: { state: 'active', ssid: 'Biblioteca-AB12', connectedPhones: 3, connectedPhonesSource: 'stations', maxPhones: 10, lastAction: null },
      power: { pending: null, lastError: null },
      https: { enabled: true, listening: false, port: null, redirecting: false, certificate: null, restartRequired: false },
    });
    expect(Date.parse(status.now)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(status.now)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(status.disk.totalBytes).toBeGreaterThan(0);
    expect(status.serverUptimeSeconds).toBeGreaterThanOrEqual(0);
    // Reading the status runs only `kit-hotspot status`.
    expect(kit.scripts.calls()).toEqual([['kit-hotspot', 'status']]);
  });

  it('follows the files: hwmon and ARP where the firmware file and iw are missing; unknown hotspot on an odd answer', async () => {
    kit.fixtures.set('throttled', null);
    kit.fixtures.set('iw', null);
    kit.fixtures.sensor('hwmon2', { name: 'rpi_volt\n', in0_lcrit_alarm: '0\n' });
    kit.fixtures.set('thermal', '71000\n');
    kit.scripts.answer('kit-hotspot', 'status', { stdout: 'something odd\n', exit: 3 });
    const status = (await api(kit.t.app, 'GET', 'status', kit.tokens.admin)).json();
    expect(status.temperatureC).toBe(71);
    expect(status.throttling).toMatchObject({ source: 'hwmon', underVoltageNow: false, throttledNow: null });
    expect(status.hotspot).toMatchObject({ state: 'unknown', connectedPhones: 2, connectedPhonesSource: 'arp' });
    kit.scripts.answer('kit-hotspot', 'status', { stdout: 'inactive\n', exit: 3 });
    expect((await api(kit.t.app, 'GET', 'status', kit.tokens.admin)).json().hotspot.state).toBe('inactive');
  });
});

describe('POST /api/v2/admin/device/power', () => {
  it.each([
    ['poweroff', 'Apagando…'],
    ['reboot', 'Reiniciando…'],
  ])('%s: answers 202 "%s" first, then runs kit-power once the answer is out', async (action, message) => {
    const kit = await startKit();
    try {
      // The stand-in hangs until the end of the test: an answer that waited for it would never come.
      kit.scripts.answer('kit-power', action, { held: true });
      const res = await api(kit.t.app, 'POST', 'power', kit.tokens.admin, { action });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message });
      // Answered, and the script has not run: not now, nor a little later (it waits for the answer to cross the Wi-Fi).
      expect(kit.scripts.calls()).toEqual([]);
      await sleep(150);
      expect(kit.scripts.calls()).toEqual([]);
      expect(await until(() => actionCalls(kit.scripts), (c) => c.length > 0)).toEqual([['kit-power', action]]);
      // Shown as pending, and nothing else may start meanwhile.
      expect((await api(kit.t.app, 'GET', 'status', kit.tokens.admin)).json().power).toEqual({ pending: action, lastError: null });
      for (const [url, body] of [['power', { action: 'poweroff' }], ['hotspot', { state: 'on' }]] as const) {
        const busy = await api(kit.t.app, 'POST', url, kit.tokens.admin, body);
        expect(busy.statusCode).toBe(409);
        expect(busy.json().error.code).toBe('DEVICE_BUSY');
      }
      await sleep(400);
      expect(actionCalls(kit.scripts)).toEqual([['kit-power', action]]);
      kit.scripts.release('kit-power', action);
    } finally {
      await kit.t.close();
    }
  });

  it('answers before the script runs over a real connection too', async () => {
    const kit = await startKit();
    try {
      await kit.t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = kit.t.app.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/admin/device/power`, {
        method: 'POST',
        headers: { authorization: `Bearer ${kit.tokens.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'poweroff' }),
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: 'Apagando…' });
      expect(kit.scripts.calls()).toEqual([]);
      expect(await until(() => kit.scripts.calls(), (c) => c.length > 0)).toEqual([['kit-power', 'poweroff']]);
    } finally {
      await kit.t.close();
    }
  });

  it('frees the power action again if the kit is still up long after a successful command', async () => {
    const kit = await startKit({}, { powerGraceMs: 500 });
    try {
      expect((await api(kit.t.app, 'POST', 'power', kit.tokens.admin, { action: 'poweroff' })).statusCode).toBe(202);
      await until(() => kit.scripts.calls(), (c) => c.length > 0);
      expect((await api(kit.t.app, 'GET', 'status', kit.tokens.admin)).json().power.pending).toBe('poweroff');
      const power = await until(
        async () => (await api(kit.t.app, 'GET', 'status', kit.tokens.admin)).json().power,
        (p) => p.pending === null,
      );
      expect(power).toEqual({ pending: null, lastError: 'el kit sigue encendido después de la orden' });
    } finally {
      await kit.t.close();
    }
  });

  it('reports a refused power action (polkit said no) and lets the admin try again', async () => {
    const kit = await startKit();
    try {
      kit.scripts.answer('kit-power', 'reboot', { exit: 1, stderr: 'Access denied\n' });
      expect((await api(kit.t.app, 'POST', 'power', kit.tokens.admin, { action: 'reboot' })).statusCode).toBe(202);
      const power = await until(
        async () => (await api(kit.t.app, 'GET', 'status', kit.tokens.admin)).json().power,
        (p) => p.lastError !== null,
      );
      expect(power).toEqual({ pending: null, lastError: 'terminó con código 1: Access denied' });
      expect((await api(kit.t.app, 'POST', 'power', kit.tokens.admin, { action: 'reboot' })).statusCode).toBe(202);
    } finally {
      await kit.t.close();
    }
  });
});

describe('hotspot and clock actions', () => {
  let kit: Kit;
  beforeAll(async () => {
    // A switch's time limit far beyond any held stand-in: the one that runs out of time has a kit of its own.
    kit = await startKit({}, { hotspotTimeoutMs: 120_000 });
  });
  afterAll(() => kit.t.close());
  beforeEach(() => kit.scripts.reset());

  const lastAction = async () => (await api(kit.t.app, 'GET', 'status', kit.tokens.admin)).json().hotspot.lastAction;
  const finished = () => until(lastAction, (a) => a?.result !== 'running');

  it.each([
    ['on', 'Encendiendo la red Wi-Fi del kit…'],
    ['off', 'Apagando la red Wi-Fi del kit…'],
  ])('hotspot %s: 202 at once, kit-hotspot runs in the background, its result shows in the status', async (state, message) => {
    kit.scripts.answer('kit-hotspot', state, { held: true });
    const res = await api(kit.t.app, 'POST', 'hotspot', kit.tokens.admin, { state });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message });
    expect(await lastAction()).toMatchObject({ state, result: 'running', finishedAt: null });
    kit.scripts.release('kit-hotspot', state);
    expect(await finished()).toMatchObject({ state, result: 'done', message: null });
    expect(actionCalls(kit.scripts)).toEqual([['kit-hotspot', state]]);
  });

  it('refuses a second switch while one runs', async () => {
    kit.scripts.answer('kit-hotspot', 'on', { held: true });
    expect((await api(kit.t.app, 'POST', 'hotspot', kit.tokens.admin, { state: 'on' })).statusCode).toBe(202);
    const busy = await api(kit.t.app, 'POST', 'hotspot', kit.tokens.admin, { state: 'off' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('DEVICE_BUSY');
    kit.scripts.release('kit-hotspot', 'on');
    await finished();
    expect(actionCalls(kit.scripts)).toEqual([['kit-hotspot', 'on']]);
  });

  it('shows a failed switch', async () => {
    kit.scripts.answer('kit-hotspot', 'on', { exit: 1, stderr: 'Job for kit-hostapd.service failed.\n' });
    await api(kit.t.app, 'POST', 'hotspot', kit.tokens.admin, { state: 'on' });
    expect(await finished()).toMatchObject({ result: 'failed', message: 'terminó con código 1: Job for kit-hostapd.service failed.' });
  });

  it('shows a switch that ran out of time', async () => {
    const short = await startKit({}, { hotspotTimeoutMs: 1_500 });
    try {
      short.scripts.answer('kit-hotspot', 'off', { held: true }); // never released: only the limit ends it
      await api(short.t.app, 'POST', 'hotspot', short.tokens.admin, { state: 'off' });
      const action = await until(async () => (await api(short.t.app, 'GET', 'status', short.tokens.admin)).json().hotspot.lastAction, (a) => a?.result !== 'running');
      expect(action).toMatchObject({ state: 'off', result: 'failed', message: 'tiempo agotado' });
    } finally {
      await short.t.close();
    }
  });

  it.each([
    ['2025-03-04T10:20:30.123Z', '2025-03-04 10:20:30 UTC'],
    ['2025-03-04T05:20:30-05:00', '2025-03-04 10:20:30 UTC'], // a phone in Peru
    ['2028-02-29T23:59:59+01:00', '2028-02-29 22:59:59 UTC'],
    ['2026-01-01T00:30+02:00', '2025-12-31 22:30:00 UTC'],
  ])('clock %s: runs kit-clock set "%s" and answers with the new time', async (now, expected) => {
    const res = await api(kit.t.app, 'PUT', 'clock', kit.tokens.admin, { now });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Hora del kit actualizada' });
    expect(Number.isNaN(Date.parse(res.json().now))).toBe(false);
    expect(actionCalls(kit.scripts)).toEqual([['kit-clock', 'set', expected]]);
  });

  it('reports a clock the system would not set', async () => {
    kit.scripts.answer('kit-clock', 'set', { exit: 1, stderr: 'Failed to set time: Access denied\n' });
    const res = await api(kit.t.app, 'PUT', 'clock', kit.tokens.admin, { now: '2025-06-01T12:00:00Z' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatchObject({ code: 'DEVICE_ACTION_FAILED', message: 'El kit no pudo cambiar la hora' });
  });
});

describe('bad input is a 400 naming the field, and nothing runs', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await startKit();
  });
  afterAll(() => kit.t.close());
  beforeEach(() => kit.scripts.reset());

  it.each<[string, string, unknown, string]>([
    ['POST', 'power', { action: 'rm -rf' }, 'body.action'],
    ['POST', 'power', { action: 'poweroff; reboot' }, 'body.action'],
    ['POST', 'power', { action: 'POWEROFF' }, 'body.action'],
    ['POST', 'power', { action: 'halt' }, 'body.action'],
    ['POST', 'power', {}, 'body.action'],
    ['POST', 'hotspot', { state: 'maybe' }, 'body.state'],
    ['POST', 'hotspot', { state: 'on --now' }, 'body.state'],
    ['POST', 'hotspot', { state: true }, 'body.state'],
    ['PUT', 'clock', { now: 'mañana' }, 'body.now'],
    ['PUT', 'clock', { now: '2025-03-04 10:20:30' }, 'body.now'],
    ['PUT', 'clock', { now: '2025-03-04T10:20:30' }, 'body.now'], // no offset: whose time?
    ['PUT', 'clock', { now: '2025-02-30T10:00:00Z' }, 'body.now'],
    ['PUT', 'clock', { now: '2025-03-04T24:00:00Z' }, 'body.now'],
    ['PUT', 'clock', { now: '1999-12-31T23:59:59Z' }, 'body.now'],
    ['PUT', 'clock', { now: '2025-03-04T10:20:30Z; reboot' }, 'body.now'],
    ['PUT', 'clock', { now: 1741083630 }, 'body.now'],
    ['PUT', 'clock', {}, 'body.now'],
  ])('%s %s %j', async (method, url, body, field) => {
    const res = await api(kit.t.app, method as InjectOptions['method'], url, kit.tokens.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', data: { field } });
    expect(res.json().error.message).toContain(field);
    await settle(url);
    expect(kit.scripts.calls()).toEqual([]);
  });
});
