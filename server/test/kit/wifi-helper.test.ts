import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupWifiKits, wifiKit, type WifiKit } from './wifi-kit.ts';
import { cleanupTempDirs, describeKitScripts, run, SCRIPTS_DIR, tempDir, which } from './kit-helpers.ts';

// scripts/kit-wifi (what the portal runs), scripts/kit-wifi-helper (the root
// side, started by systemd) and scripts/kit-wifi-render, run for real against
// a temporary root that scripts/kit-firstboot laid out; systemctl,
// systemd-run, iw and journalctl are stand-ins (fake-system/) that answer
// with real captured output.

const kits: WifiKit[] = [];
afterEach(() => {
  for (const kit of kits.splice(0)) kit.stopTimers();
});
afterAll(() => {
  cleanupWifiKits();
  cleanupTempDirs();
});

const hostapd = which('hostapd');
const ID = '0123456789abcdef';

interface Kit extends WifiKit {
  /** runs the portal's side: scripts/kit-wifi WORDS */
  wifi: (...words: string[]) => { status: number | null; stdout: string; stderr: string };
  /** runs the root helper directly, as systemd would */
  helper: (...words: string[]) => { status: number | null; stdout: string; stderr: string };
  /** writes what the portal stages in its data folder (wifi/NAME) */
  stage: (name: 'staged' | 'confirm', lines: Record<string, string | number>) => void;
  /** every file of /etc/kit-portal with its content */
  snapshot: () => Record<string, string>;
}

function kit(firstBoot?: string): Kit {
  const base = wifiKit(firstBoot);
  kits.push(base);
  const data = tempDir('kit-wifi-data-');
  base.useDataDir(data);
  const scripts = tempDir('kit-wifi-scripts-');
  base.install(scripts);
  const env = { KIT_ROOT: base.root, PATH: `${path.join(import.meta.dirname, 'fake-system')}:/usr/bin:/bin`, KIT_WIFI_AP_WAIT: '2', KIT_WIFI_AP_SETTLE: '0' };
  const snapshot = () => {
    const out: Record<string, string> = {};
    const walk = (dir: string, prefix: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'wifi.lock') continue;
        if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
        else out[`${prefix}${entry.name}`] = fs.readFileSync(path.join(dir, entry.name), 'utf8');
      }
    };
    walk(path.join(base.root, 'etc/kit-portal'), '');
    return out;
  };
  return {
    ...base,
    wifi: (...words) => run(path.join(scripts, 'kit-wifi'), words, { timeout: 30_000 }),
    helper: (...words) => run(path.join(SCRIPTS_DIR, 'kit-wifi-helper'), words, { env, timeout: 30_000 }),
    stage: (name, lines) => {
      fs.mkdirSync(path.join(data, 'wifi'), { recursive: true });
      fs.writeFileSync(path.join(data, 'wifi', name), Object.entries(lines).map(([k, v]) => `${k}=${v}\n`).join(''));
    },
    snapshot,
  };
}

const NEW = { id: ID, admin: 4, confirm_seconds: 600, ssid: 'Biblioteca Ñuñoa', security: 'wpa2', password: 'nueva clave 2', channel: 11, band: '2.4', country: 'PE', max_phones: 8 };
const kv = (text: string | null) => Object.fromEntries((text ?? '').split('\n').filter((l) => l.includes('=') && !l.startsWith('#')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(probe: () => boolean, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

describe('kit-wifi apply → kit-wifi-helper apply', () => {
  it('applies the staged settings, keeps the previous ones and waits for a confirmation with a timer', () => {
    const k = kit();
    const before = k.snapshot();
    k.stage('staged', NEW);
    const started = Math.floor(Date.now() / 1000);
    const result = k.wifi('apply');
    expect(result.status, k.helperLog()).toBe(0);

    const conf = k.etc('hostapd.conf')!;
    expect(conf).toMatch(/^ssid=Biblioteca Ñuñoa$/m);
    expect(conf).toMatch(/^wpa_passphrase=nueva clave 2$/m);
    expect(conf).toMatch(/^channel=11$/m);
    expect(conf).toMatch(/^hw_mode=g$/m);
    expect(conf).toMatch(/^country_code=PE$/m);
    expect(conf).toMatch(/^max_num_sta=8$/m);
    expect(kv(k.etc('wifi.conf'))).toEqual({ ssid: 'Biblioteca Ñuñoa', security: 'wpa2', channel: '11', channel_in_use: '11', band: '2.4', country: 'PE', max_phones: '8' });
    expect(k.etc('wifi.conf')).not.toContain('nueva clave');
    expect(fs.statSync(path.join(k.root, 'etc/kit-portal/hostapd.conf')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(k.root, 'etc/kit-portal/wifi.conf')).mode & 0o777).toBe(0o644);
    // the way back: exactly what was there before
    expect(k.etc('wifi-previous/hostapd.conf')).toBe(before['hostapd.conf']);
    expect(k.etc('wifi-previous/wifi.conf')).toBe(before['wifi.conf']);
    // the staged file (it holds the password) is gone from the portal's folder
    expect(fs.existsSync(path.join(k.root, 'var/lib/kit-portal/wifi/staged'))).toBe(false);

    const pending = kv(k.etc('wifi-pending'));
    expect(pending).toMatchObject({ id: ID, admin: '4', state: 'waiting', confirm_seconds: '600' });
    expect(Number(pending.applied)).toBeGreaterThanOrEqual(started);
    expect(Number(pending.deadline)).toBe(Number(pending.applied) + 600);
    expect(k.etc('wifi-pending')).not.toContain('clave');

    // systemd: the unit, the hotspot restarted, a first timer covering the apply, then exactly the confirmation time
    expect(k.calls('systemctl')[0]).toEqual(['start', 'kit-wifi-apply.service']);
    expect(k.calls('systemctl')).toContainEqual(['restart', 'kit-hotspot.target']);
    const runs = k.calls('systemd-run');
    expect(runs).toHaveLength(2);
    expect(runs[0]!.find((w) => w.startsWith('--on-active='))).toBe('--on-active=690s');
    expect(runs[1]!.find((w) => w.startsWith('--on-active='))).toBe('--on-active=600s');
    // an argv, the helper itself with the token of the pending change
    expect(runs[1]!.slice(-3)).toEqual([path.join(SCRIPTS_DIR, 'kit-wifi-helper'), 'revert', pending.token]);
    expect(k.calls('systemctl')).toContainEqual(['stop', `${runs[0]!.find((w) => w.startsWith('--unit='))!.slice(7)}.timer`]);
    expect(k.timers()).toEqual([`kit-wifi-revert-${pending.token}`]);
    expect(k.helperLog()).toMatch(/cambio 0123456789abcdef del administrador 4 aplicado/);
  });

  it.skipIf(!hostapd)('writes a configuration hostapd parses, on 5 GHz too', () => {
    const k = kit();
    k.stage('staged', { ...NEW, band: '5', channel: 'auto', auto_channel: 149 });
    expect(k.wifi('apply').status, k.helperLog()).toBe(0);
    expect(k.etc('hostapd.conf')).toMatch(/^hw_mode=a\nchannel=149$/m);
    expect(kv(k.etc('wifi.conf'))).toMatchObject({ channel: 'auto', channel_in_use: '149', band: '5' });
    const parsed = run(hostapd!, ['-dd', path.join(k.root, 'etc/kit-portal/hostapd.conf')], { timeout: 10_000 });
    const output = parsed.stdout + parsed.stderr;
    expect(output).not.toMatch(/errors? found in configuration file|^Line \d+:/m);
    expect(output).toMatch(/nl80211|Failed to initialize driver/);
  });

  it('keeps the current password when the network stays WPA2 and none is given', () => {
    const k = kit();
    const { password: _dropped, ...withoutPassword } = NEW;
    k.stage('staged', withoutPassword);
    expect(k.wifi('apply').status, k.helperLog()).toBe(0);
    expect(k.etc('hostapd.conf')).toMatch(/^wpa_passphrase=clave-inicial-1$/m);
  });

  it('opens the network when told, with no WPA2 lines left', () => {
    const k = kit();
    const { password: _dropped, ...open } = NEW;
    k.stage('staged', { ...open, security: 'open' });
    expect(k.wifi('apply').status, k.helperLog()).toBe(0);
    expect(k.etc('hostapd.conf')).not.toMatch(/^wpa/m);
  });

  it('goes back at once when the access point does not come up, and says what hostapd said', () => {
    const k = kit();
    const before = k.snapshot();
    k.refuse('channel=13');
    k.stage('staged', { ...NEW, channel: 13, country: 'US' });
    const result = k.wifi('apply');
    expect(result.status).not.toBe(0);
    const after = k.snapshot();
    // the configuration in use is the old one again, byte for byte, and nothing waits
    expect(after['hostapd.conf']).toBe(before['hostapd.conf']);
    expect(after['wifi.conf']).toBe(before['wifi.conf']);
    expect(after['wifi-pending']).toBeUndefined();
    expect(k.timers()).toEqual([]);
    const last = kv(k.etc('wifi-last'));
    expect(last).toMatchObject({ id: ID, admin: '4', result: 'failed' });
    expect(last.reason).toMatch(/^El punto de acceso no arrancó con los ajustes nuevos \(.*Frequency 2472 \(primary\) not allowed for AP mode.*\)\. El kit volvió a la red anterior\.$/);
    // restarted with the new settings, then with the old ones
    expect(k.calls('systemctl').filter((c) => c[0] === 'restart')).toHaveLength(2);
    expect(k.helperLog()).toMatch(/cambio 0123456789abcdef del administrador 4 deshecho: el punto de acceso no arrancó/);
  });

  it('arms the way back before it changes anything: no timer, no change', () => {
    const k = kit();
    const before = k.snapshot();
    fs.writeFileSync(path.join(k.root, 'fake/systemd-run.fail'), '');
    k.stage('staged', NEW);
    expect(k.wifi('apply').status).not.toBe(0);
    const after = k.snapshot();
    expect([after['hostapd.conf'], after['wifi.conf'], after['wifi-pending']]).toEqual([before['hostapd.conf'], before['wifi.conf'], undefined]);
    expect(k.calls('systemctl').filter((c) => c[0] === 'restart')).toEqual([]);
  });

  it('refuses a second change while one waits for its confirmation', () => {
    const k = kit();
    k.stage('staged', NEW);
    expect(k.wifi('apply').status).toBe(0);
    const waiting = k.snapshot();
    k.stage('staged', { ...NEW, id: 'fedcba9876543210', ssid: 'Otra' });
    expect(k.helper('apply').status).toBe(4);
    expect(k.snapshot()).toEqual(waiting);
  });

  const REFUSED: [string, Record<string, string | number | undefined>, string][] = [
    ['a name over 32 bytes', { ssid: 'Ñ'.repeat(17) }, 'ssid'],
    ['an empty name', { ssid: '' }, 'ssid'],
    ['a name with a control character', { ssid: 'Biblioteca\u0007' }, 'ssid'],
    ['a short password', { password: 'corta' }, 'password'],
    ['a password over 63', { password: 'x'.repeat(64) }, 'password'],
    ['a password that is not ASCII', { password: 'contraseña-larga' }, 'password'],
    ['a password on an open network', { security: 'open' }, 'password'],
    ['an unknown security', { security: 'wep' }, 'security'],
    ['an unknown band', { band: '6' }, 'band'],
    ['a 5 GHz channel on 2.4 GHz', { channel: 36 }, 'channel'],
    ['a channel that is no number', { channel: '6;reboot' }, 'channel'],
    ['a country in lower case', { country: 'pe' }, 'country'],
    ['no phones at all', { max_phones: 0 }, 'max_phones'],
    ['more phones than hostapd takes', { max_phones: 2008 }, 'max_phones'],
  ];
  it.each(REFUSED)('refuses %s (exit 2, naming the field) and changes nothing', (_label, change, field) => {
    const k = kit();
    const before = k.snapshot();
    k.stage('staged', Object.fromEntries(Object.entries({ ...NEW, ...change }).filter(([, v]) => v !== undefined)) as Record<string, string | number>);
    const result = k.helper('apply');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^kit-wifi-render: ${field}: `, 'm'));
    expect(k.snapshot()).toEqual(before);
    expect(k.calls('systemctl')).toEqual([]);
    expect(k.calls('systemd-run')).toEqual([]);
  });

  it.each<[string, Record<string, string | number>]>([
    ['a change id that is not 16 hex digits', { id: '../../etc/shadow' }],
    ['an admin id that is no number', { admin: 'root' }],
    ['a confirmation time under 5 s', { confirm_seconds: 4 }],
    ['a confirmation time over an hour', { confirm_seconds: 3601 }],
  ])('refuses %s and changes nothing', (_label, change) => {
    const k = kit();
    const before = k.snapshot();
    k.stage('staged', { ...NEW, ...change });
    expect(k.helper('apply').status).toBe(2);
    expect(k.snapshot()).toEqual(before);
    expect(k.calls('systemd-run')).toEqual([]);
  });

  it('refuses a staged file that is a link (the portal’s user owns that folder) or is missing', () => {
    const k = kit();
    const before = k.snapshot();
    const dir = path.join(k.root, 'var/lib/kit-portal/wifi');
    fs.mkdirSync(dir, { recursive: true });
    const elsewhere = path.join(tempDir('kit-wifi-elsewhere-'), 'settings');
    fs.writeFileSync(elsewhere, Object.entries(NEW).map(([key, value]) => `${key}=${value}\n`).join(''));
    fs.symlinkSync(elsewhere, path.join(dir, 'staged'));
    expect(k.helper('apply').status).toBe(2);
    fs.rmSync(path.join(dir, 'staged'));
    expect(k.helper('apply').status).toBe(2);
    expect(k.snapshot()).toEqual(before);
  });

  it('refuses a stage folder that is a link, and neither reads nor removes what it points to', () => {
    const k = kit();
    const before = k.snapshot();
    const elsewhere = tempDir('kit-wifi-elsewhere-');
    const settings = Object.entries(NEW).map(([key, value]) => `${key}=${value}\n`).join('');
    fs.writeFileSync(path.join(elsewhere, 'staged'), settings);
    fs.symlinkSync(elsewhere, path.join(k.root, 'var/lib/kit-portal/wifi'));
    const result = k.helper('apply');
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('carpeta de ajustes preparados rechazada');
    expect(fs.readFileSync(path.join(elsewhere, 'staged'), 'utf8')).toBe(settings);
    expect(k.snapshot()).toEqual(before);
    expect(k.calls('systemd-run')).toEqual([]);
  });

  it('refuses a stage folder others may write, and a staged file with a second name', () => {
    const k = kit();
    const before = k.snapshot();
    const dir = path.join(k.root, 'var/lib/kit-portal/wifi');
    k.stage('staged', NEW);
    fs.chmodSync(dir, 0o777);
    expect(k.helper('apply').status).toBe(2);
    fs.chmodSync(dir, 0o700);
    // a hard link: the same file under another name, which the portal's user may not own
    const second = path.join(tempDir('kit-wifi-elsewhere-'), 'settings');
    fs.linkSync(path.join(dir, 'staged'), second);
    expect(k.helper('apply').status).toBe(2);
    expect(fs.existsSync(path.join(dir, 'staged'))).toBe(true);
    expect(k.snapshot()).toEqual(before);
    fs.rmSync(second);
    expect(k.helper('apply').status, k.helperLog()).toBe(0);
  });

  // Only root may give a file to another user.
  it.skipIf(process.getuid?.() !== 0)('refuses a staged file that is not the portal user’s own', () => {
    const k = kit();
    const before = k.snapshot();
    k.stage('staged', NEW);
    fs.chownSync(path.join(k.root, 'var/lib/kit-portal/wifi/staged'), 4242, 4242);
    const result = k.helper('apply');
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('no es un archivo solo del usuario del portal');
    expect(k.snapshot()).toEqual(before);
  });
});

describe('kit-wifi confirm → kit-wifi-helper confirm', () => {
  it('keeps the change: the timer is stopped, the journal closed, the outcome written with the confirming admin', () => {
    const k = kit();
    k.stage('staged', NEW);
    expect(k.wifi('apply').status).toBe(0);
    const applied = k.snapshot();
    const token = kv(applied['wifi-pending']!).token;
    k.stage('confirm', { id: ID, admin: 9 });
    expect(k.wifi('confirm').status, k.helperLog()).toBe(0);
    expect(k.calls('systemctl')).toContainEqual(['start', 'kit-wifi-confirm.service']);
    expect(k.calls('systemctl')).toContainEqual(['stop', `kit-wifi-revert-${token}.timer`]);
    expect(k.timers()).toEqual([]);
    expect(k.etc('wifi-pending')).toBeNull();
    expect(kv(k.etc('wifi-last'))).toMatchObject({ id: ID, admin: '9', result: 'confirmed', reason: '' });
    expect(k.etc('hostapd.conf')).toBe(applied['hostapd.conf']);
    expect(k.helperLog()).toMatch(/cambio 0123456789abcdef confirmado por el administrador 9/);
  });

  it('a kept change survives the next boot, and the card is left as the first boot wrote it', () => {
    const k = kit();
    const card = (file: string) => fs.readFileSync(path.join(k.root, 'boot/firmware', file), 'utf8');
    const [adminTxt, settingsTxt] = [card('kit-portal-admin.txt'), card('kit-portal.txt')];
    k.stage('staged', NEW);
    expect(k.wifi('apply').status).toBe(0);
    k.stage('confirm', { id: ID, admin: 9 });
    expect(k.wifi('confirm').status, k.helperLog()).toBe(0);
    const kept = k.snapshot();
    expect(k.helper('boot').status, k.helperLog()).toBe(0);
    expect(k.snapshot()).toEqual(kept);
    expect(kv(k.etc('wifi.conf'))).toMatchObject({ ssid: 'Biblioteca Ñuñoa', channel: '11' });
    // the admin file on the card still tells the first boot's password: it is not rewritten with the new one
    expect(card('kit-portal-admin.txt')).toBe(adminTxt);
    expect(card('kit-portal-admin.txt')).not.toContain('nueva clave 2');
    expect(card('kit-portal.txt')).toBe(settingsTxt);
  });

  it('confirms nothing for another change id, or when nothing waits', () => {
    const k = kit();
    k.stage('confirm', { id: ID, admin: 9 });
    expect(k.helper('confirm').status).toBe(3);
    k.stage('staged', NEW);
    expect(k.wifi('apply').status).toBe(0);
    const waiting = k.snapshot();
    k.stage('confirm', { id: 'fedcba9876543210', admin: 9 });
    expect(k.helper('confirm').status).toBe(3);
    expect(k.snapshot()).toEqual(waiting);
    expect(k.timers()).toHaveLength(1);
  });
});

describe('the way back', () => {
  it('undoes a change nobody confirmed once its time is up', async () => {
    const k = kit();
    const before = k.snapshot();
    k.stage('staged', { ...NEW, confirm_seconds: 5 });
    expect(k.wifi('apply').status).toBe(0);
    expect(k.etc('hostapd.conf')).toMatch(/^ssid=Biblioteca Ñuñoa$/m);
    expect(await until(() => k.etc('wifi-last') !== null)).toBe(true);
    expect(await until(() => k.timers().length === 0)).toBe(true);
    const after = k.snapshot();
    expect(after['hostapd.conf']).toBe(before['hostapd.conf']);
    expect(after['wifi.conf']).toBe(before['wifi.conf']);
    expect(after['wifi-pending']).toBeUndefined();
    expect(kv(after['wifi-last']!)).toMatchObject({
      id: ID,
      admin: '4',
      result: 'reverted',
      reason: 'Nadie pulsó «Conservar» desde la red nueva en 5 s. El kit volvió a la red anterior.',
    });
    // the old access point restarted after the new one
    expect(k.calls('systemctl').filter((c) => c[0] === 'restart')).toHaveLength(2);
    expect(k.helperLog()).toMatch(/cambio 0123456789abcdef del administrador 4 deshecho: Nadie pulsó/);
  });

  it('puts the previous configuration back at boot when a change was still waiting (the timer died with the reboot)', () => {
    const k = kit();
    const before = k.snapshot();
    k.stage('staged', NEW);
    expect(k.wifi('apply').status).toBe(0);
    k.stopTimers();
    const restartsBefore = k.calls('systemctl').filter((c) => c[0] === 'restart').length;
    const boot = k.helper('boot');
    expect(boot.status, boot.stderr).toBe(0);
    const after = k.snapshot();
    expect(after['hostapd.conf']).toBe(before['hostapd.conf']);
    expect(after['wifi.conf']).toBe(before['wifi.conf']);
    expect(after['wifi-pending']).toBeUndefined();
    expect(kv(after['wifi-last']!)).toMatchObject({ result: 'reverted', admin: '4', reason: 'El kit se reinició antes de que alguien confirmara el cambio. Volvió a la red anterior.' });
    // before the access point starts: no restart of its own
    expect(k.calls('systemctl').filter((c) => c[0] === 'restart')).toHaveLength(restartsBefore);
  });

  it('at boot, also finishes a change the power cut in the middle of applying', () => {
    const k = kit();
    const before = k.snapshot();
    // what the helper leaves after step 2 of apply: the way back saved, the journal open, the new files half written
    fs.mkdirSync(path.join(k.root, 'etc/kit-portal/wifi-previous'));
    fs.copyFileSync(path.join(k.root, 'etc/kit-portal/hostapd.conf'), path.join(k.root, 'etc/kit-portal/wifi-previous/hostapd.conf'));
    fs.copyFileSync(path.join(k.root, 'etc/kit-portal/wifi.conf'), path.join(k.root, 'etc/kit-portal/wifi-previous/wifi.conf'));
    fs.writeFileSync(path.join(k.root, 'etc/kit-portal/wifi-pending'), `id=${ID}\nadmin=4\nstate=applying\nstarted=1\nconfirm_seconds=180\ntoken=aaaaaaaaaaaa\n`);
    fs.writeFileSync(path.join(k.root, 'etc/kit-portal/hostapd.conf'), 'ssid=Biblio');
    expect(k.helper('boot').status).toBe(0);
    const after = k.snapshot();
    expect(after['hostapd.conf']).toBe(before['hostapd.conf']);
    expect(after['wifi-pending']).toBeUndefined();
    expect(kv(after['wifi-last']!).result).toBe('reverted');
  });

  it('a revert for another change (a stale timer) does nothing', () => {
    const k = kit();
    k.stage('staged', NEW);
    expect(k.wifi('apply').status).toBe(0);
    const waiting = k.snapshot();
    expect(k.helper('revert', 'bbbbbbbbbbbb').status).toBe(0);
    expect(k.snapshot()).toEqual(waiting);
  });

  it('at boot, writes wifi.conf for a kit set up before it existed, from hostapd.conf', () => {
    const k = kit('ssid=Biblioteca Vieja\nwifi_password=clave-vieja-1\ncountry=GT\n');
    const written = k.etc('wifi.conf');
    fs.rmSync(path.join(k.root, 'etc/kit-portal/wifi.conf'));
    expect(k.helper('boot').status).toBe(0);
    expect(kv(k.etc('wifi.conf'))).toEqual({ ssid: 'Biblioteca Vieja', security: 'wpa2', channel: '6', channel_in_use: '6', band: '2.4', country: 'GT', max_phones: '10' });
    expect(kv(written)).toMatchObject({ ssid: 'Biblioteca Vieja', channel: 'auto', channel_in_use: '6' });
  });
});

describe('kit-wifi status and radio', () => {
  it('prints the settings, a change in flight with its way back, and the last outcome — never a password', () => {
    const k = kit();
    expect(k.wifi('status').stdout).toBe(`[settings]\n${(k.etc('wifi.conf') ?? '').split('\n').filter((l) => !l.startsWith('#')).join('\n')}`);
    k.stage('staged', NEW);
    expect(k.wifi('apply').status).toBe(0);
    const out = k.wifi('status').stdout;
    expect(out.split('\n').filter((l) => l.startsWith('['))).toEqual(['[settings]', '[pending]', '[previous]']);
    expect(out).toContain('ssid=Biblioteca Ñuñoa');
    expect(out).toContain('ssid=Biblioteca-Aldea');
    expect(out).not.toMatch(/clave/);
    k.stage('confirm', { id: ID, admin: 9 });
    expect(k.wifi('confirm').status).toBe(0);
    expect(k.wifi('status').stdout.split('\n').filter((l) => l.startsWith('['))).toEqual(['[settings]', '[last]']);
  });

  it('prints the radio of wlan0 as iw describes it', () => {
    const k = kit();
    const result = k.wifi('radio');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/wifi/iw-phy-info.hwsim.txt'), 'utf8'));
  });

  it.each([[[]], [['apply', 'now']], [['APPLY']], [['reload']], [['status;reboot']], [['--help']]])('kit-wifi refuses %j with exit 2 and a usage line', (args) => {
    const k = kit();
    const result = k.wifi(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('uso: kit-wifi apply|confirm|status|radio\n');
    expect(k.calls('systemctl')).toEqual([]);
  });

  it.each([[[]], [['revert']], [['revert', 'x; reboot']], [['apply', 'now']], [['undo']]])('kit-wifi-helper refuses %j with exit 2', (args) => {
    const k = kit();
    const before = k.snapshot();
    expect(k.helper(...args).status).toBe(2);
    expect(k.snapshot()).toEqual(before);
  });
});

describeKitScripts(['kit-wifi', 'kit-wifi-helper', 'kit-wifi-render']);
