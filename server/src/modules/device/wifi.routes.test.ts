import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { actionCalls, cleanupDeviceDirs, deviceFixtures, recorderScripts, sleep, until, type DeviceFixtures, type RecorderScripts } from '../../../test/device-helpers.ts';
import { cleanupWifiKits, wifiKit, type WifiKit } from '../../../test/kit/wifi-kit.ts';
import { buildTestApp, createUser, login, tempDir, type TestApp } from '../../../test/helper.ts';

// /api/v2/admin/device/wifi against the real app. KIT_SCRIPTS_DIR holds a
// kit-wifi stand-in that runs the real scripts/kit-wifi and kit-wifi-helper
// against a temporary root laid out by the real kit-firstboot; only systemd,
// hostapd and the radio are stand-ins (server/test/kit/fake-system/). The ARP
// table and `iw … station dump` the confirmation check reads are fixtures.

/** The real scripts are slower than the stand-ins: a longer wait, asked less often. */
const untilState = <T>(probe: () => T | Promise<T>, ok: (value: T) => boolean) => until(probe, ok, 60_000, 100);
/** The helper's log comes to hold `line` (it writes the kit's state first, its log line after). */
async function expectLogged(kit: Kit, line: string): Promise<void> {
  expect(await untilState(() => kit.wifi.helperLog(), (log) => log.includes(line))).toContain(line);
}

/** A phone on the kit's Wi-Fi (the ARP fixture maps it to aa:bb:cc:00:00:01 on wlan0). */
const PHONE_IP = '10.42.0.23';
const PHONE_MAC = 'aa:bb:cc:00:00:01';

interface Kit {
  t: TestApp;
  wifi: WifiKit;
  scripts: RecorderScripts;
  fixtures: DeviceFixtures;
  dataDir: string;
  token: string;
  adminId: number;
  /** the same kit's portal started again (same data folder, same /etc/kit-portal), the first one stopped */
  restart: () => Promise<void>;
}

const kits: Kit[] = [];
async function stopKit(kit: Kit): Promise<void> {
  kit.wifi.stopTimers();
  await kit.t.close();
}
afterEach(async () => {
  for (const kit of kits.splice(0)) await stopKit(kit);
});
afterAll(() => {
  cleanupDeviceDirs();
  cleanupWifiKits();
});

/** A kit for one test (stopped after it); SHARED: kept for a whole describe, which stops it itself. */
async function startKit(env: Record<string, string> = {}, firstBoot?: string, shared = false): Promise<Kit> {
  const scripts = recorderScripts();
  const wifi = wifiKit(firstBoot);
  wifi.install(scripts.dir, scripts.record);
  const fixtures = deviceFixtures();
  const dataDir = tempDir('kit-wifi-portal-');
  wifi.useDataDir(dataDir);
  const fullEnv = { KIT_IS_KIT: 'true', KIT_SCRIPTS_DIR: scripts.dir, KIT_DATA_DIR: dataDir, KIT_WIFI_SSID: 'Biblioteca-Vieja', KIT_WIFI_CONFIRM_SECONDS: '600', ...env };
  const build = () => buildTestApp(fullEnv, { device: { paths: fixtures.paths, wifiDelayMs: 200 } });
  const t = await build();
  const adminId = await createUser(t.app, 'admin', 'clave-admin', { admin: true });
  const kit: Kit = { t, wifi, scripts, fixtures, dataDir, adminId, token: (await login(t.app, 'admin', 'clave-admin')).token, restart: async () => {} };
  kit.restart = async () => {
    await kit.t.close();
    kit.t = await build();
    kit.token = (await login(kit.t.app, 'admin', 'clave-admin')).token;
  };
  if (!shared) kits.push(kit);
  return kit;
}

function api(app: FastifyInstance, method: InjectOptions['method'], url: string, token: string, payload?: unknown, remoteAddress?: string) {
  return app.inject({ method, url: `/api/v2/admin/device/${url}`, payload: payload as InjectOptions['payload'], headers: { authorization: `Bearer ${token}` }, ...(remoteAddress ? { remoteAddress } : {}) });
}
const state = async (kit: Kit) => (await api(kit.t.app, 'GET', 'wifi', kit.token)).json();
/** `iw dev wlan0 station dump` as the fixture's iw prints it: this phone, associated for SECONDS. */
function associated(kit: Kit, seconds: number, mac = PHONE_MAC) {
  kit.fixtures.set('iw', `#!/bin/sh\n[ "$*" = "dev wlan0 station dump" ] || exit 2\nprintf 'Station ${mac} (on wlan0)\\n\\tinactive time:\\t300 ms\\n\\tconnected time:\\t${seconds} seconds\\n'\n`);
}
const staged = (kit: Kit) => fs.existsSync(path.join(kit.dataDir, 'wifi/staged'));
const applyCalls = (kit: Kit) => actionCalls(kit.scripts).filter((c) => c[0] === 'kit-wifi');

const CHANGE = { ssid: 'Biblioteca Ñuñoa', security: 'wpa2', password: 'nueva clave 2', channel: 11, band: '2.4', country: 'PE', maxPhones: 8 };
const FIRST_BOOT = { ssid: 'Biblioteca-Aldea', security: 'wpa2', channel: 'auto', channelInUse: 6, band: '2.4', country: 'PE', maxPhones: 10 };

async function changeAndWait(kit: Kit, body: unknown = CHANGE) {
  const res = await api(kit.t.app, 'PUT', 'wifi', kit.token, body);
  expect(res.statusCode, res.body).toBe(202);
  const waiting = await untilState(() => state(kit), (s) => s.pending?.state === 'waiting' || s.pending === null);
  expect(waiting.pending?.state, JSON.stringify(waiting.lastChange)).toBe('waiting');
  return { res, waiting };
}

describe('GET /api/v2/admin/device/wifi', () => {
  it('shows the settings the first boot wrote, what the radio and each country allow, and nothing pending — never the password', async () => {
    const kit = await startKit();
    const res = await api(kit.t.app, 'GET', 'wifi', kit.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ ...FIRST_BOOT, confirmSeconds: 600, pending: null, lastChange: null });
    expect(res.body).not.toContain('clave-inicial');
    expect(body.allowed.bands).toEqual(['2.4', '5']);
    expect(body.allowed.countries.slice(0, 3).map((c: { code: string }) => c.code)).toEqual(['PE', 'GT', 'US']);
    const codes = body.allowed.countries.map((c: { code: string }) => c.code);
    expect(codes.slice(3)).toEqual([...codes.slice(3)].sort());
    expect(codes).not.toContain('00');
    const pe = body.allowed.countries.find((c: { code: string }) => c.code === 'PE');
    expect(pe.channels).toEqual({ '2.4': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], '5': [36, 40, 44, 48, 149, 153, 157, 161, 165] });
    expect(body.allowed.countries.find((c: { code: string }) => c.code === 'US').channels['2.4']).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // reading ran only the reads
    expect(actionCalls(kit.scripts)).toEqual([]);
  });

  it('offers no 5 GHz band on a radio that has none (the Pi 3B)', async () => {
    const kit = await startKit();
    const capture = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/wifi/iw-phy-info.hwsim.txt'), 'utf8');
    kit.wifi.radio(capture.slice(0, capture.indexOf('\tBand 2:')));
    const body = await state(kit);
    expect(body.allowed.bands).toEqual(['2.4']);
    expect(body.allowed.countries[0].channels['5']).toEqual([]);
    const res = await api(kit.t.app, 'PUT', 'wifi', kit.token, { ...CHANGE, band: '5', channel: 36 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'WIFI_BAND_NOT_ALLOWED', data: { field: 'body.band' }, message: 'La radio del kit no tiene la banda de 5 GHz' });
  });
});

describe('PUT /api/v2/admin/device/wifi', () => {
  it('answers 202 before anything changes, then applies: the new network waits for a confirmation until its deadline', async () => {
    const kit = await startKit();
    const before = kit.wifi.etc('hostapd.conf');
    const res = await api(kit.t.app, 'PUT', 'wifi', kit.token, CHANGE);
    expect(res.statusCode, res.body).toBe(202);
    const answer = res.json();
    expect(answer.message).toBe('Cambiando la red Wi-Fi del kit…');
    const { password: _password, ...settings } = CHANGE;
    expect(answer.pending).toMatchObject({ state: 'applying', settings, previous: { ssid: 'Biblioteca-Aldea' }, deadline: null, confirmSeconds: 600 });
    expect(answer.pending.id).toMatch(/^[0-9a-f]{16}$/);
    expect(res.body).not.toContain('nueva clave');
    // answered, and the Wi-Fi is as it was: kit-wifi apply runs only once the answer has left
    expect(applyCalls(kit)).toEqual([]);
    expect(kit.wifi.etc('hostapd.conf')).toBe(before);
    expect(staged(kit)).toBe(true);
    expect(fs.statSync(path.join(kit.dataDir, 'wifi/staged')).mode & 0o777).toBe(0o600);

    const waiting = await untilState(() => state(kit), (s) => s.pending?.state === 'waiting');
    expect(applyCalls(kit)).toEqual([['kit-wifi', 'apply']]);
    expect(waiting).toMatchObject({ ssid: 'Biblioteca Ñuñoa', channel: 11, channelInUse: 11, maxPhones: 8, lastChange: null });
    expect(waiting.pending).toMatchObject({ id: answer.pending.id, state: 'waiting', previous: { ssid: 'Biblioteca-Aldea', channel: 'auto' }, confirmSeconds: 600 });
    expect(Date.parse(waiting.pending.deadline) - Date.now()).toBeGreaterThan(500_000);
    expect(waiting.pending.secondsLeft).toBeGreaterThan(500);
    expect(kit.wifi.etc('hostapd.conf')).toMatch(/^wpa_passphrase=nueva clave 2$/m);
    // the staged file held the password: gone
    expect(staged(kit)).toBe(false);
    // the root helper logged the change with the admin's id (its output may reach the log just after the state file)
    const logged = await untilState(() => kit.wifi.helperLog(), (log) => log.includes(`del administrador ${kit.adminId} aplicado`));
    expect(logged).toContain(`del administrador ${kit.adminId} aplicado`);
    // the status page shows the network in use, not the first boot's
    expect((await api(kit.t.app, 'GET', 'status', kit.token)).json().hotspot).toMatchObject({ ssid: 'Biblioteca Ñuñoa', maxPhones: 8 });
  });

  it('refuses a second change while one waits (409), and stages nothing', async () => {
    const kit = await startKit();
    await changeAndWait(kit);
    const res = await api(kit.t.app, 'PUT', 'wifi', kit.token, { ...CHANGE, ssid: 'Otra' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('WIFI_CHANGE_PENDING');
    expect(staged(kit)).toBe(false);
    expect(applyCalls(kit)).toEqual([['kit-wifi', 'apply']]);
  });

  it('keeps the current password when the network stays WPA2 and none is sent', async () => {
    const kit = await startKit();
    const { password: _dropped, ...body } = CHANGE;
    const { waiting } = await changeAndWait(kit, body);
    expect(waiting.pending.state).toBe('waiting');
    expect(kit.wifi.etc('hostapd.conf')).toMatch(/^wpa_passphrase=clave-inicial-1$/m);
  });

  it('resolves channel "auto" to one the country allows: 6 on 2.4 GHz, the first on 5 GHz', async () => {
    const kit = await startKit();
    const { waiting } = await changeAndWait(kit, { ...CHANGE, band: '5', channel: 'auto' });
    expect(waiting).toMatchObject({ band: '5', channel: 'auto', channelInUse: 36 });
    expect(kit.wifi.etc('hostapd.conf')).toMatch(/^hw_mode=a\nchannel=36$/m);
  });

  it('goes back at once when the access point does not come up, and says why', async () => {
    const kit = await startKit();
    kit.wifi.refuse('channel=11');
    const before = kit.wifi.etc('hostapd.conf');
    expect((await api(kit.t.app, 'PUT', 'wifi', kit.token, CHANGE)).statusCode).toBe(202);
    const after = await untilState(() => state(kit), (s) => s.lastChange !== null && s.pending === null);
    expect(after).toMatchObject({ ...FIRST_BOOT, pending: null, lastChange: { result: 'failed' } });
    expect(after.lastChange.reason).toMatch(/^El punto de acceso no arrancó con los ajustes nuevos \(Frequency 2472 \(primary\) not allowed for AP mode/);
    expect(kit.wifi.etc('hostapd.conf')).toBe(before);
    expect(kit.wifi.timers()).toEqual([]);
    await expectLogged(kit, `cambio ${after.lastChange.id} del administrador ${kit.adminId} deshecho: el punto de acceso no arrancó`);
  });

  it('says so when kit-wifi could not even run, and nothing changed', async () => {
    const kit = await startKit();
    // what polkit refusing the unit looks like to the portal: systemctl fails before the helper runs
    fs.writeFileSync(path.join(kit.scripts.dir, 'kit-wifi'), `#!/bin/sh\n[ "$1" != apply ] || { echo 'Failed to start kit-wifi-apply.service: Access denied' >&2; exit 4; }\n${fs.readFileSync(path.join(kit.scripts.dir, 'kit-wifi'), 'utf8').replace('#!/bin/sh\n', '')}`, { mode: 0o755 });
    expect((await api(kit.t.app, 'PUT', 'wifi', kit.token, CHANGE)).statusCode).toBe(202);
    const after = await untilState(() => state(kit), (s) => s.lastChange !== null);
    expect(after).toMatchObject({ ...FIRST_BOOT, pending: null, lastChange: { result: 'failed', reason: 'El kit no pudo aplicar el cambio (terminó con código 4: Failed to start kit-wifi-apply.service: Access denied). La red Wi-Fi sigue como estaba.' } });
    expect(staged(kit)).toBe(false);
  });

  it('holds hotspot switches while it applies', async () => {
    const kit = await startKit();
    expect((await api(kit.t.app, 'PUT', 'wifi', kit.token, CHANGE)).statusCode).toBe(202);
    const busy = await api(kit.t.app, 'POST', 'hotspot', kit.token, { state: 'off' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('DEVICE_BUSY');
    await untilState(() => state(kit), (s) => s.pending?.state === 'waiting');
  });
});

describe('bad input: 400 naming the field, in Spanish, and nothing staged or applied', () => {
  // one kit for all: nothing of it may change
  let kit: Kit;
  let before: string | null;
  beforeAll(async () => {
    kit = await startKit({}, undefined, true);
    before = kit.wifi.etc('hostapd.conf');
  });
  afterAll(() => stopKit(kit));

  it.each<[string, Record<string, unknown>, string, string, string | RegExp]>([
    ['a name over 32 bytes', { ssid: 'Ñ'.repeat(17) }, 'body.ssid', 'WIFI_SSID_INVALID', 'El nombre de la red no puede pasar de 32 bytes (cada letra con tilde o ñ cuenta doble)'],
    ['an empty name', { ssid: '' }, 'body.ssid', 'WIFI_SSID_INVALID', 'Escribe el nombre de la red'],
    ['a name with a line break', { ssid: 'Biblioteca\nwpa=0' }, 'body.ssid', 'WIFI_SSID_INVALID', 'El nombre de la red no puede llevar caracteres de control'],
    ['a name with a C1 control character', { ssid: 'Biblioteca\u0085' }, 'body.ssid', 'WIFI_SSID_INVALID', 'El nombre de la red no puede llevar caracteres de control'],
    ['a short password', { password: 'corta' }, 'body.password', 'WIFI_PASSWORD_INVALID', 'La contraseña debe tener de 8 a 63 caracteres'],
    ['a password over 63', { password: 'x'.repeat(64) }, 'body.password', 'WIFI_PASSWORD_INVALID', 'La contraseña debe tener de 8 a 63 caracteres'],
    ['a password with ñ', { password: 'contraseña-segura' }, 'body.password', 'WIFI_PASSWORD_INVALID', /^La contraseña solo puede llevar/],
    ['a password with a line break', { password: 'clave-larga\nwpa=0' }, 'body.password', 'WIFI_PASSWORD_INVALID', /^La contraseña solo puede llevar/],
    ['a password on an open network', { security: 'open' }, 'body.password', 'WIFI_PASSWORD_INVALID', 'Una red abierta no lleva contraseña'],
    ['channel 13 in the United States', { country: 'US', channel: 13 }, 'body.channel', 'WIFI_CHANNEL_NOT_ALLOWED', 'El canal 13 no está permitido en Estados Unidos en la banda de 2,4 GHz. Canales permitidos: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11'],
    ['a radar (DFS) channel in Peru', { band: '5', channel: 52 }, 'body.channel', 'WIFI_CHANNEL_NOT_ALLOWED', /^El canal 52 no está permitido en Perú en la banda de 5 GHz\. Canales permitidos: 36, 40, 44, 48, 149/],
    ['a 5 GHz channel on 2.4 GHz', { channel: 36 }, 'body.channel', 'WIFI_CHANNEL_NOT_ALLOWED', /^El canal 36 no está permitido en Perú en la banda de 2,4 GHz/],
    ['5 GHz where the world rules apply', { country: '00', band: '5', channel: 36 }, 'body.country', 'WIFI_COUNTRY_UNKNOWN', /^País desconocido: «00»/],
    ['an unknown country', { country: 'XX' }, 'body.country', 'WIFI_COUNTRY_UNKNOWN', 'País desconocido: «XX». Usa el código de dos letras del país (PE, GT, US…)'],
    ['a country by name', { country: 'Perú' }, 'body.country', 'WIFI_COUNTRY_UNKNOWN', /^País desconocido: «Perú»/],
    ['no phones', { maxPhones: 0 }, 'body.maxPhones', 'WIFI_MAX_PHONES_INVALID', 'El número de teléfonos a la vez debe estar entre 1 y 2007'],
    ['more phones than hostapd takes', { maxPhones: 2008 }, 'body.maxPhones', 'WIFI_MAX_PHONES_INVALID', 'El número de teléfonos a la vez debe estar entre 1 y 2007'],
    ['an unknown security', { security: 'wep' }, 'body.security', 'VALIDATION', 'El campo «body.security» no es válido'],
    ['a channel that is a word', { channel: 'seis' }, 'body.channel', 'VALIDATION', 'El campo «body.channel» no es válido'],
    ['an unknown band', { band: '60' }, 'body.band', 'VALIDATION', 'El campo «body.band» no es válido'],
  ])('%s', async (_label, change, field, code, message) => {
    const res = await api(kit.t.app, 'PUT', 'wifi', kit.token, { ...CHANGE, ...change });
    expect(res.statusCode, res.body).toBe(400);
    // the schema's own checks (a word where a number goes) stay VALIDATION; the kit's rules have a code each
    expect(res.json().error).toMatchObject({ code, data: { field } });
    if (typeof message === 'string') expect(res.json().error.message).toBe(message);
    else expect(res.json().error.message).toMatch(message);
    await sleep(400); // a wrongly accepted change would start applying 200 ms after its answer
    expect(staged(kit)).toBe(false);
    expect(applyCalls(kit)).toEqual([]);
    expect(kit.wifi.etc('hostapd.conf')).toBe(before);
    expect((await state(kit)).pending).toBeNull();
  });

  it('asks for a password when an open network becomes WPA2', async () => {
    const kit = await startKit({}, 'ssid=Biblioteca-Abierta\ncountry=GT\n');
    expect(await state(kit)).toMatchObject({ ssid: 'Biblioteca-Abierta', security: 'open', country: 'GT' });
    const { password: _dropped, ...body } = CHANGE;
    const res = await api(kit.t.app, 'PUT', 'wifi', kit.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ data: { field: 'body.password' }, message: 'Escribe una contraseña de 8 a 63 caracteres' });
  });
});

describe('POST /api/v2/admin/device/wifi/confirm', () => {
  it('keeps the change when it comes from a phone that joined the new network', async () => {
    const kit = await startKit();
    const { waiting } = await changeAndWait(kit);
    // joined after the switch began: connected for no longer than that
    associated(kit, Math.floor((Date.now() - Date.parse(waiting.pending.startedAt)) / 1000));
    const res = await api(kit.t.app, 'POST', 'wifi/confirm', kit.token, undefined, PHONE_IP);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Red Wi-Fi conservada' });
    const after = await state(kit);
    expect(after).toMatchObject({ ssid: 'Biblioteca Ñuñoa', pending: null, lastChange: { id: waiting.pending.id, result: 'confirmed', reason: null } });
    expect(kit.wifi.timers()).toEqual([]);
    await expectLogged(kit, `confirmado por el administrador ${kit.adminId}`);
    expect(fs.existsSync(path.join(kit.dataDir, 'wifi/confirm'))).toBe(false);
  });

  it.each<[string, (kit: Kit) => void, string]>([
    ['the kit itself or its Ethernet (not in the ARP table of wlan0)', () => {}, '127.0.0.1'],
    ['a Wi-Fi address whose phone is no longer associated', (kit) => associated(kit, 4, 'aa:bb:cc:00:00:99'), PHONE_IP],
    ['a phone associated since before the change', (kit) => associated(kit, 7200), PHONE_IP],
  ])('refuses a confirmation from %s, and the change keeps waiting', async (_label, setUp, ip) => {
    const kit = await startKit();
    await changeAndWait(kit);
    setUp(kit);
    const res = await api(kit.t.app, 'POST', 'wifi/confirm', kit.token, undefined, ip);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'WIFI_CONFIRM_WRONG_NETWORK', message: 'Pulsa «Conservar» desde un teléfono conectado a la red Wi-Fi «Biblioteca Ñuñoa» del kit' });
    expect((await state(kit)).pending.state).toBe('waiting');
    expect(actionCalls(kit.scripts).filter((c) => c[1] === 'confirm')).toEqual([]);
    expect(kit.wifi.timers()).toHaveLength(1);
  });

  it('has nothing to confirm when nothing waits', async () => {
    const kit = await startKit();
    const res = await api(kit.t.app, 'POST', 'wifi/confirm', kit.token, undefined, PHONE_IP);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('WIFI_NOTHING_PENDING');
  });
});

describe('the way back', () => {
  it('undoes a change nobody confirmed once KIT_WIFI_CONFIRM_SECONDS have passed', async () => {
    const kit = await startKit({ KIT_WIFI_CONFIRM_SECONDS: '5' });
    const before = kit.wifi.etc('hostapd.conf');
    const { waiting } = await changeAndWait(kit);
    expect(waiting.pending.confirmSeconds).toBe(5);
    const after = await untilState(() => state(kit), (s) => s.pending === null);
    expect(after).toMatchObject({ ...FIRST_BOOT, lastChange: { id: waiting.pending.id, result: 'reverted', reason: 'Nadie pulsó «Conservar» desde la red nueva en 5 s. El kit volvió a la red anterior.' } });
    expect(kit.wifi.etc('hostapd.conf')).toBe(before);
    await expectLogged(kit, `cambio ${waiting.pending.id} del administrador ${kit.adminId} deshecho: Nadie pulsó`);
    // too late now
    associated(kit, 1);
    const late = await api(kit.t.app, 'POST', 'wifi/confirm', kit.token, undefined, PHONE_IP);
    expect(late.json().error.code).toBe('WIFI_NOTHING_PENDING');
  });

  it('undoes it even when the portal restarted in between: the timer is the kit’s, not the portal’s', async () => {
    const kit = await startKit({ KIT_WIFI_CONFIRM_SECONDS: '5' });
    const before = kit.wifi.etc('hostapd.conf');
    const { waiting } = await changeAndWait(kit);
    await kit.restart();
    // the restarted portal knows the change from the kit's files: still waiting, or (5 s are short) already undone
    const seen = await state(kit);
    expect(seen.pending === null ? seen.lastChange?.id : seen.pending.id).toBe(waiting.pending.id);
    const after = await untilState(() => state(kit), (s) => s.pending === null);
    expect(after).toMatchObject({ ssid: 'Biblioteca-Aldea', lastChange: { id: waiting.pending.id, result: 'reverted' } });
    expect(kit.wifi.etc('hostapd.conf')).toBe(before);
  });

  it('a restarted portal still confirms the change that waits', async () => {
    const kit = await startKit();
    const { waiting } = await changeAndWait(kit);
    await kit.restart();
    expect((await state(kit)).pending).toMatchObject({ id: waiting.pending.id, state: 'waiting' });
    associated(kit, Math.floor((Date.now() - Date.parse(waiting.pending.startedAt)) / 1000));
    const res = await api(kit.t.app, 'POST', 'wifi/confirm', kit.token, undefined, PHONE_IP);
    expect(res.statusCode, res.body).toBe(200);
    expect((await state(kit)).lastChange).toMatchObject({ id: waiting.pending.id, result: 'confirmed' });
  });

  it('a restarted portal removes a staged change nobody applied (it holds a password)', async () => {
    const kit = await startKit();
    fs.mkdirSync(path.join(kit.dataDir, 'wifi'), { recursive: true });
    fs.writeFileSync(path.join(kit.dataDir, 'wifi/staged'), 'password=secreta-vieja\n');
    await kit.restart();
    expect(staged(kit)).toBe(false);
  });
});
