import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { firstBoot, imageFirstBootFile, MACHINE_ID, readEnvFile } from './first-boot.ts';
import { cleanupTempDirs, run, SYSTEMD_DIR, tempDir, which } from './kit-helpers.ts';

afterAll(cleanupTempDirs);

// The hotspot configuration as kit-firstboot writes it, checked by the real
// daemons (Debian packages dnsmasq-base and hostapd, installed by
// scripts/ensure-test-tools.sh). Only those checks skip where a daemon is absent.
const dnsmasq = which('dnsmasq');
const hostapd = which('hostapd');

/** hostapd parses the whole file before it touches the radio: failing at the driver means the file is good. */
function hostapdParse(conf: string): { ok: boolean; output: string } {
  const result = run(hostapd!, ['-dd', conf], { timeout: 10_000 });
  const output = result.stdout + result.stderr;
  const ok =
    output.includes(`Configuration file: ${conf}`) &&
    !/\d+ errors? found in configuration file/.test(output) &&
    !/^Line \d+:/m.test(output) &&
    /nl80211|Failed to initialize driver/.test(output);
  return { ok, output };
}

describe('kit-firstboot without kit-portal.txt', () => {
  const boot = firstBoot();
  const env = readEnvFile(path.join(boot.root, 'etc/kit-portal/env'));

  it('succeeds and leaves the stamp that stops it running again', () => {
    expect(boot.status, boot.stderr).toBe(0);
    expect(boot.exists('etc/kit-portal/firstboot.done')).toBe(true);
  });

  it('names the network after this machine, the same on every run, and leaves it open', () => {
    const conf = boot.read('etc/kit-portal/hostapd.conf');
    const ssid = /^ssid=(.*)$/m.exec(conf)?.[1];
    expect(ssid).toMatch(/^Biblioteca-[0-9A-F]{4}$/);
    expect(firstBoot().read('etc/kit-portal/hostapd.conf')).toContain(`ssid=${ssid}\n`);
    expect(ssid).not.toContain(MACHINE_ID.slice(0, 4).toUpperCase()); // a hash of the id, not the id
    expect(conf).not.toMatch(/^wpa/m);
    // /admin/device shows it from the server's environment: hostapd.conf is root-only.
    expect(env.KIT_WIFI_SSID).toBe(ssid);
    expect(env.KIT_WIFI_MAX_PHONES).toBe(/^max_num_sta=(\d+)$/m.exec(conf)?.[1]);
  });

  it('makes a random admin password, never a fixed one, and tells it on the boot partition and the console', () => {
    expect(env.KIT_ADMIN_PASSWORD).toMatch(/^[a-zA-Z2-9]{12}$/);
    expect(readEnvFile(path.join(firstBoot().root, 'etc/kit-portal/env')).KIT_ADMIN_PASSWORD).not.toBe(env.KIT_ADMIN_PASSWORD);
    expect(boot.read('boot/firmware/kit-portal-admin.txt')).toContain(env.KIT_ADMIN_PASSWORD);
    expect(boot.stdout).toContain(env.KIT_ADMIN_PASSWORD);
    expect(env.KIT_HOSTNAME).toBe('portal.kit');
  });

  it('keeps the secrets readable by root only', () => {
    expect(fs.statSync(path.join(boot.root, 'etc/kit-portal/env')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(boot.root, 'etc/kit-portal/hostapd.conf')).mode & 0o777).toBe(0o600);
  });

  it.skipIf(!dnsmasq)('writes a dnsmasq configuration that dnsmasq --test accepts', () => {
    const result = run(dnsmasq!, ['--test', `--conf-file=${path.join(boot.root, 'etc/kit-portal/dnsmasq.conf')}`]);
    expect(result.stderr.trim()).toBe('dnsmasq: syntax check OK.');
    expect(result.status).toBe(0);
  });

  it.skipIf(!hostapd)('writes a hostapd configuration that hostapd parses', () => {
    const result = hostapdParse(path.join(boot.root, 'etc/kit-portal/hostapd.conf'));
    expect(result.ok, result.output).toBe(true);
  });
});

/** An enrolment token as the hub's /admin/sync shows it (docs/SYNC.md, "Enrolment tokens"). */
const TOKEN = `kp1.kits.example.org.0123456789abcdef.${'Ab3_-'.repeat(8)}xyz`;

describe('kit-firstboot with kit-portal.txt', () => {
  // Saved on Windows: a BOM and CRLF line ends; quotes, spaces and accents.
  const settings = [
    '# Ajustes del kit',
    'kit_name = Biblioteca.Aldea',
    'ssid="Biblioteca Señora Ñu"',
    'wifi_password = clave secreta 123',
    'country=pe',
    'admin_password= a"b$c`d\\e f',
    'services_mode=planet',
    'hub_feed_url = "http://centro.example.org/hub/feed.json"',
    'hub_upload_url=https://centro.example.org/api/v2/sync/reports',
    'sync_interval_hours=12',
    `hub_enrolment_token=${TOKEN}`,
    'color=azul',
  ].join('\r\n');
  const boot = firstBoot(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(settings)]));
  const env = readEnvFile(path.join(boot.root, 'etc/kit-portal/env'));
  const hostapdConf = boot.read('etc/kit-portal/hostapd.conf');

  it('applies every setting', () => {
    expect(boot.status, boot.stderr).toBe(0);
    expect(env).toEqual({
      KIT_HOSTNAME: 'biblioteca.aldea',
      KIT_ADMIN_PASSWORD: 'a"b$c`d\\e f',
      KIT_SERVICES_MODE: 'planet',
      KIT_SYNC_FEED_URL: 'http://centro.example.org/hub/feed.json',
      KIT_SYNC_UPLOAD_URL: 'https://centro.example.org/api/v2/sync/reports',
      KIT_SYNC_INTERVAL_HOURS: '12',
      KIT_SYNC_ENROLMENT_TOKEN: TOKEN,
      KIT_WIFI_SSID: 'Biblioteca Señora Ñu',
      KIT_WIFI_MAX_PHONES: '10',
    });
    // The server starts with that file: its hub is the one the technician wrote.
    expect(loadConfig({ ...env, KIT_DATA_DIR: boot.root })).toMatchObject({
      syncFeedUrl: 'http://centro.example.org/hub/feed.json',
      syncUploadUrl: 'https://centro.example.org/api/v2/sync/reports',
      syncIntervalHours: 12,
      syncEnrolmentToken: TOKEN,
    });
    expect(hostapdConf).toMatch(/^ssid=Biblioteca Señora Ñu$/m);
    expect(hostapdConf).toMatch(/^country_code=PE$/m);
    expect(hostapdConf).toMatch(/^wpa=2$/m);
    expect(hostapdConf).toMatch(/^wpa_passphrase=clave secreta 123$/m);
    expect(boot.read('etc/kit-portal/dnsmasq.conf')).toMatch(/^address=\/biblioteca\.aldea\/10\.42\.0\.1$/m);
  });

  it('scrubs both passwords and the enrolment token from the file and keeps the rest', () => {
    const scrubbed = boot.read('boot/firmware/kit-portal.txt');
    expect(scrubbed).not.toContain(TOKEN);
    expect(scrubbed).toMatch(/^# hub_enrolment_token: aplicada/m);
    expect(scrubbed).not.toContain('clave secreta');
    expect(scrubbed).not.toContain('a"b$c');
    expect(scrubbed).toMatch(/^# admin_password: aplicada/m);
    expect(scrubbed).toMatch(/^# wifi_password: aplicada/m);
    expect(scrubbed).toContain('ssid="Biblioteca Señora Ñu"');
    expect(boot.read('boot/firmware/kit-portal-admin.txt')).not.toContain('clave secreta');
  });

  it('warns about a key it does not know', () => {
    expect(boot.stderr).toContain('clave desconocida «color»');
  });

  it.skipIf(!hostapd)('writes a WPA2 configuration that hostapd parses', () => {
    const result = hostapdParse(path.join(boot.root, 'etc/kit-portal/hostapd.conf'));
    expect(result.ok, result.output).toBe(true);
  });

  it.skipIf(!dnsmasq)('writes a dnsmasq configuration with the new name that dnsmasq --test accepts', () => {
    expect(run(dnsmasq!, ['--test', `--conf-file=${path.join(boot.root, 'etc/kit-portal/dnsmasq.conf')}`]).status).toBe(0);
  });
});

describe("make image's kit-portal.txt (image/first-boot-file.sh)", () => {
  const UPLOAD = 'https://centro.example.org/api/v2/sync/reports';

  it("writes the hub's addresses and token after the technician's own file, and a card boots with them", () => {
    const own = path.join(tempDir('kit-image-txt-'), 'kit-portal.txt');
    fs.writeFileSync(own, '\ufeffkit_name=kit-07.kits.example.org\r\ncountry=pe');
    const made = imageFirstBootFile({ KIT_PORTAL_TXT: own, HUB_FEED_URL: 'https://centro.example.org/hub/feed.json', HUB_UPLOAD_URL: UPLOAD, HUB_TOKEN: TOKEN, HUB_SYNC_HOURS: '3' });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toBe(
      `kit_name=kit-07.kits.example.org\ncountry=pe\nhub_feed_url=https://centro.example.org/hub/feed.json\nhub_upload_url=${UPLOAD}\nhub_enrolment_token=${TOKEN}\nsync_interval_hours=3\n`,
    );
    const boot = firstBoot(made.stdout);
    expect(boot.status, boot.stderr).toBe(0);
    expect(readEnvFile(path.join(boot.root, 'etc/kit-portal/env'))).toMatchObject({
      KIT_HOSTNAME: 'kit-07.kits.example.org',
      KIT_SYNC_UPLOAD_URL: UPLOAD,
      KIT_SYNC_ENROLMENT_TOKEN: TOKEN,
      KIT_SYNC_INTERVAL_HOURS: '3',
    });
  });

  it('prints nothing without any of its variables: the image ships only the example', () => {
    expect(imageFirstBootFile({})).toMatchObject({ status: 0, stdout: '' });
  });

  it('stops the build on a value a card would leave out', () => {
    for (const [vars, message] of [
      [{ HUB_UPLOAD_URL: UPLOAD, HUB_TOKEN: 'kp1.nada' }, 'HUB_TOKEN no es un código de inscripción'],
      [{ HUB_TOKEN: TOKEN }, 'HUB_TOKEN necesita HUB_UPLOAD_URL'],
      [{ HUB_UPLOAD_URL: 'ftp://centro.example.org/' }, 'HUB_UPLOAD_URL debe ser una dirección http:// o https://'],
      [{ HUB_SYNC_HOURS: '721' }, 'HUB_SYNC_HOURS debe ser un número entero'],
      [{ KIT_PORTAL_TXT: '/no/existe.txt' }, 'KIT_PORTAL_TXT «/no/existe.txt» no es un archivo legible'],
    ] as const) {
      const result = imageFirstBootFile(vars);
      expect(result.status, JSON.stringify(vars)).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});

describe('kit-firstboot with bad values', () => {
  const boot = firstBoot(
    [
      'kit_name=portal.local',
      'ssid=un nombre de red demasiado largo para el wifi',
      'wifi_password=corta',
      'country=Perú',
      'admin_password=123',
      'services_mode=luna',
      'hub_feed_url=ftp://centro.example.org/hub/feed.json',
      'hub_upload_url=http://centro.example.org/api/v2/sync/ reports',
      'sync_interval_hours=721',
      'hub_enrolment_token=kp1.nada.que.ver',
    ].join('\n'),
  );
  const env = readEnvFile(path.join(boot.root, 'etc/kit-portal/env'));
  const conf = boot.read('etc/kit-portal/hostapd.conf');

  it('falls back to safe values with a warning, and still finishes', () => {
    expect(boot.status, boot.stderr).toBe(0);
    expect(env.KIT_HOSTNAME).toBe('portal.kit'); // .local goes to multicast DNS, never to the kit
    expect(env.KIT_SERVICES_MODE).toBeUndefined();
    expect(conf).toMatch(/^ssid=Biblioteca-[0-9A-F]{4}$/m);
    expect(conf).not.toMatch(/^country_code=/m);
    expect(conf).not.toMatch(/^ieee80211d=/m);
    expect(boot.stderr).toMatch(/kit_name.*\n(.*\n)*.*ssid.*\n(.*\n)*.*wifi_password.*\n(.*\n)*.*country/);
  });

  it('leaves out a hub address that is not http(s), an interval over 720 hours and a token that is none, so the server still starts', () => {
    expect(env.KIT_SYNC_FEED_URL).toBeUndefined();
    expect(env.KIT_SYNC_UPLOAD_URL).toBeUndefined();
    expect(env.KIT_SYNC_INTERVAL_HOURS).toBeUndefined();
    expect(env.KIT_SYNC_ENROLMENT_TOKEN).toBeUndefined();
    expect(boot.stderr).toContain('hub_enrolment_token no es un código de inscripción');
    expect(boot.stderr).toContain('hub_feed_url «ftp://centro.example.org/hub/feed.json» debe ser una dirección http:// o https://');
    expect(boot.stderr).toContain('hub_upload_url «http://centro.example.org/api/v2/sync/ reports» debe ser una dirección http:// o https://');
    expect(boot.stderr).toContain('sync_interval_hours «721» debe ser un número entero de horas entre 0 y 720');
    expect(() => loadConfig({ ...env, KIT_DATA_DIR: boot.root })).not.toThrow();
  });

  it('never opens a network meant to have a password: it makes one and writes it down', () => {
    const passphrase = /^wpa_passphrase=(.*)$/m.exec(conf)?.[1];
    expect(passphrase).toMatch(/^[a-zA-Z2-9]{12}$/);
    expect(boot.read('boot/firmware/kit-portal-admin.txt')).toContain(passphrase);
  });

  it('replaces a too short admin password with a generated one', () => {
    expect(env.KIT_ADMIN_PASSWORD).toMatch(/^[a-zA-Z2-9]{12}$/);
    expect(boot.read('boot/firmware/kit-portal-admin.txt')).toContain(env.KIT_ADMIN_PASSWORD);
  });

  it.skipIf(!hostapd)('still writes a configuration hostapd parses', () => {
    const result = hostapdParse(path.join(boot.root, 'etc/kit-portal/hostapd.conf'));
    expect(result.ok, result.output).toBe(true);
  });
});

describe('kit-firstboot with the shipped example file (everything commented out)', () => {
  const boot = firstBoot(fs.readFileSync(path.join(SYSTEMD_DIR, 'kit-portal.txt.example')));

  it('uses the defaults, leaves the file as it was and warns only about the missing country', () => {
    expect(boot.status, boot.stderr).toBe(0);
    expect(boot.read('boot/firmware/kit-portal.txt')).toBe(fs.readFileSync(path.join(SYSTEMD_DIR, 'kit-portal.txt.example'), 'utf8'));
    expect(boot.stderr.trim().split('\n')).toEqual([expect.stringContaining('sin country')]);
    expect(boot.read('etc/kit-portal/hostapd.conf')).toMatch(/^ssid=Biblioteca-[0-9A-F]{4}$/m);
  });
});

describe('the shipped templates', () => {
  it.skipIf(!dnsmasq)('dnsmasq.conf is usable as it is (dnsmasq --test)', () => {
    const result = run(dnsmasq!, ['--test', `--conf-file=${path.join(SYSTEMD_DIR, 'hotspot/dnsmasq.conf')}`]);
    expect(result.status, result.stderr).toBe(0);
  });

  it('dnsmasq.conf answers every name with the kit, only on wlan0, offline', () => {
    const lines = fs.readFileSync(path.join(SYSTEMD_DIR, 'hotspot/dnsmasq.conf'), 'utf8').split('\n');
    for (const line of [
      'interface=wlan0',
      'bind-interfaces',
      'no-resolv',
      'address=/#/10.42.0.1',
      'local=/#/',
      'address=/portal.kit/10.42.0.1',
      'dhcp-range=10.42.0.10,10.42.0.250,255.255.255.0,12h',
      'dhcp-option=option:dns-server,10.42.0.1',
    ]) {
      expect(lines).toContain(line);
    }
  });

  it('hostapd.conf.in: 2.4 GHz channel 6, and no more phones than the Pi’s Wi-Fi serves', () => {
    const conf = fs.readFileSync(path.join(SYSTEMD_DIR, 'hotspot/hostapd.conf.in'), 'utf8');
    expect(conf).toMatch(/^hw_mode=g$/m);
    expect(conf).toMatch(/^channel=6$/m);
    expect(conf).toMatch(/^max_num_sta=10$/m);
    expect(conf).toMatch(/^ssid=@SSID@$/m);
  });

  it.skipIf(!hostapd)('the hostapd check itself catches a broken configuration (control)', () => {
    const dir = tempDir('kit-hostapd-');
    const bad = path.join(dir, 'bad.conf');
    fs.writeFileSync(bad, 'interface=wlan0\ndriver=nl80211\nssid=x\nhw_mod=g\nwpa=2\nwpa_passphrase=short\n');
    const result = hostapdParse(bad);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/errors? found in configuration file/);
  });
});
