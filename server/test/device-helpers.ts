import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { DevicePaths } from '../src/modules/device/device.status.ts';
import { tempDir as makeTempDir } from './helper.ts';

const made: string[] = [];
function tempDir(prefix: string): string {
  const dir = makeTempDir(prefix);
  made.push(dir);
  return dir;
}

/** Removes the folders these helpers made (call it from afterAll). */
export function cleanupDeviceDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export type KitScriptName = 'kit-power' | 'kit-hotspot' | 'kit-clock';

export interface RecorderScripts {
  /** the folder to give as KIT_SCRIPTS_DIR */
  dir: string;
  /** the record file (one line per call: script and argv, tab-separated) */
  record: string;
  /** every call so far, in order: [script, ...argv] */
  calls: () => string[][];
  /** how SCRIPT answers when its first argument is ARG; `held`: it waits for release() before exiting (however slow the machine) */
  answer: (script: KitScriptName, arg: string, how: { stdout?: string; stderr?: string; exit?: number; held?: boolean }) => void;
  /** lets a held SCRIPT ARG exit */
  release: (script: KitScriptName, arg: string) => void;
  /** forget the calls and every answer */
  reset: () => void;
}

/**
 * Stand-ins for scripts/kit-power, kit-hotspot and kit-clock: real
 * executables (the server spawns them as it spawns the real ones) that append
 * their name and argv, tab-separated, to a record file, then print, wait
 * (held, until the test releases them) and exit as told for their first
 * argument.
 */
export function recorderScripts(): RecorderScripts {
  const dir = tempDir('kit-scripts-');
  const answers = path.join(dir, 'answers');
  const record = path.join(dir, 'calls');
  fs.mkdirSync(answers);
  const body = `#!/bin/sh
name=\${0##*/}
(IFS='	'; printf '%s\\n' "$name	$*") >>'${record}'
a='${answers}'/$name.\${1:-none}
[ ! -f "$a.stdout" ] || cat "$a.stdout"
[ ! -f "$a.stderr" ] || cat "$a.stderr" >&2
while [ -f "$a.held" ] && [ ! -f "$a.release" ]; do sleep 0.05; done
exit "$(cat "$a.exit" 2>/dev/null || echo 0)"
`;
  for (const name of ['kit-power', 'kit-hotspot', 'kit-clock']) fs.writeFileSync(path.join(dir, name), body, { mode: 0o755 });
  return {
    dir,
    record,
    calls: () =>
      fs.existsSync(record)
        ? fs.readFileSync(record, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t'))
        : [],
    answer: (script, arg, how) => {
      const base = path.join(answers, `${script}.${arg}`);
      if (how.stdout !== undefined) fs.writeFileSync(`${base}.stdout`, how.stdout);
      if (how.stderr !== undefined) fs.writeFileSync(`${base}.stderr`, how.stderr);
      if (how.exit !== undefined) fs.writeFileSync(`${base}.exit`, String(how.exit));
      if (how.held) fs.writeFileSync(`${base}.held`, '');
    },
    release: (script, arg) => fs.writeFileSync(path.join(answers, `${script}.${arg}.release`), ''),
    reset: () => {
      fs.rmSync(record, { force: true });
      for (const file of fs.readdirSync(answers)) fs.rmSync(path.join(answers, file));
    },
  };
}

/** The calls other than the reads every GET …/status and …/wifi makes. */
export const actionCalls = (scripts: RecorderScripts): string[][] =>
  scripts.calls().filter((c) => !(c[0] === 'kit-hotspot' && c[1] === 'status') && !(c[0] === 'kit-wifi' && (c[1] === 'status' || c[1] === 'radio')));

export interface DeviceFixtures {
  paths: DevicePaths;
  /** writes (or, with null, removes) one of the files */
  set: (name: Exclude<keyof DevicePaths, 'wlan' | 'hwmon' | 'regdb'>, content: string | null) => void;
  /** a hwmon sensor folder with a name file and attributes */
  sensor: (folder: string, files: Record<string, string>) => void;
}

/** What a Raspberry Pi 4 on a warm day shows in /proc and /sys, in a temp folder. */
export function deviceFixtures(): DeviceFixtures {
  const root = tempDir('kit-proc-');
  const paths: DevicePaths = {
    uptime: path.join(root, 'proc/uptime'),
    loadavg: path.join(root, 'proc/loadavg'),
    meminfo: path.join(root, 'proc/meminfo'),
    arp: path.join(root, 'proc/net/arp'),
    thermal: path.join(root, 'sys/class/thermal/thermal_zone0/temp'),
    throttled: path.join(root, 'sys/devices/platform/soc/soc:firmware/get_throttled'),
    hwmon: path.join(root, 'sys/class/hwmon'),
    hostapdConf: path.join(root, 'etc/kit-portal/hostapd.conf'),
    iw: path.join(root, 'usr/sbin/iw'),
    wlan: 'wlan0',
    // a copy of wireless-regdb's, the version the fixtures of server/test/fixtures/wifi/ were captured with
    regdb: path.resolve(import.meta.dirname, 'fixtures/wifi/regulatory.db'),
  };
  const set: DeviceFixtures['set'] = (name, content) => {
    const file = paths[name];
    if (content === null) return fs.rmSync(file, { force: true });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content, { mode: name === 'iw' ? 0o755 : 0o644 });
  };
  set('uptime', '12345.67 40000.12\n');
  set('loadavg', '0.52 0.58 0.59 1/234 5678\n');
  set('meminfo', 'MemTotal:        3884136 kB\nMemFree:         1234567 kB\nMemAvailable:    3012345 kB\nBuffers:           12345 kB\n');
  set('thermal', '48312\n');
  // under-voltage and throttled now and since boot
  set('throttled', '50005\n');
  set(
    'arp',
    [
      'IP address       HW type     Flags       HW address            Mask     Device',
      '10.42.0.23       0x1         0x2         aa:bb:cc:00:00:01     *        wlan0',
      '10.42.0.57       0x1         0x2         aa:bb:cc:00:00:02     *        wlan0',
      '10.42.0.90       0x1         0x0         00:00:00:00:00:00     *        wlan0',
      '10.42.0.91       0x1         0x0         aa:bb:cc:00:00:03     *        wlan0',
      '192.168.1.1      0x1         0x2         aa:bb:cc:00:00:99     *        eth0',
      '',
    ].join('\n'),
  );
  // `iw dev wlan0 station dump`, three phones (a stand-in that checks its argv)
  set(
    'iw',
    `#!/bin/sh
[ "$*" = "dev wlan0 station dump" ] || exit 2
cat <<'DUMP'
Station 11:22:33:44:55:01 (on wlan0)
	inactive time:	1200 ms
	rx bytes:	123456
Station 11:22:33:44:55:02 (on wlan0)
	inactive time:	300 ms
Station 11:22:33:44:55:03 (on wlan0)
	inactive time:	10 ms
DUMP
`,
  );
  return {
    paths,
    set,
    sensor: (folder, files) => {
      const dir = path.join(paths.hwmon, folder);
      fs.mkdirSync(dir, { recursive: true });
      for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
    },
  };
}

export interface TestCertificate {
  cert: string;
  key: string;
}

/** A self-signed certificate made by openssl for NAMES (the first is the CN); EC P-256. */
export function selfSignedCertificate(names: string[] = ['portal.kit'], days = 30): TestCertificate {
  const dir = tempDir('kit-cert-');
  execFileSync(
    'openssl',
    [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', String(days),
      '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
    ],
    { stdio: 'pipe' },
  );
  return { cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'), key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8') };
}

/**
 * The server's env making these test certificates ones phones trust: KIT_ACME_CA_FILE (the roots a
 * hub's chains may end at) holding them, as a public CA's root is in every phone. Without it a
 * self-signed certificate is served but never redirected to (docs/HTTPS.md).
 */
export function phonesTrust(...certificates: TestCertificate[]): { KIT_ACME_CA_FILE: string } {
  const file = path.join(tempDir('kit-roots-'), 'roots.pem');
  fs.writeFileSync(file, certificates.map((c) => c.cert).join(''));
  return { KIT_ACME_CA_FILE: file };
}

/** A local CA and a certificate it issued for NAMES: the "local CA on managed devices" option. */
export function caIssuedCertificate(names: string[] = ['portal.kit']): TestCertificate & { ca: string } {
  const dir = tempDir('kit-ca-');
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  execFileSync('openssl', ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '30', '-subj', '/CN=CA de la biblioteca'], { stdio: 'pipe' });
  execFileSync('openssl', ['req', '-new', ...ec, '-keyout', file('key.pem'), '-out', file('leaf.csr'), '-subj', `/CN=${names[0]}`], { stdio: 'pipe' });
  fs.writeFileSync(file('ext'), `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}\n`);
  execFileSync(
    'openssl',
    ['x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '30', '-out', file('cert.pem'), '-extfile', file('ext')],
    { stdio: 'pipe' },
  );
  const read = (name: string) => fs.readFileSync(file(name), 'utf8');
  return { cert: read('cert.pem'), key: read('key.pem'), ca: read('ca.pem') };
}

/** Another key of the same type: the classic "wrong key" mistake. */
export function otherKey(): string {
  return execFileSync('openssl', ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'], { encoding: 'utf8' });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks PROBE every EVERY_MS until OK holds or TIMEOUT_MS have passed, and returns
 * its last answer either way, so the caller's assertion shows what it saw.
 */
export async function until<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}
