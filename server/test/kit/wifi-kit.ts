import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Used by the server's tests and the browser journeys (web/e2e): Node's own modules only.

const REPO = path.resolve(import.meta.dirname, '..', '..', '..');
const FAKE_SYSTEM = path.join(REPO, 'server/test/kit/fake-system');

const made: string[] = [];

/** Removes the roots wifiKit made (call it from afterAll, after stopping their timers). */
export function cleanupWifiKits(): void {
  for (const root of made.splice(0)) fs.rmSync(root, { recursive: true, force: true });
}

export interface WifiKit {
  /** the temporary root: etc/kit-portal as scripts/kit-firstboot wrote it; fake/ holds the fake system's state */
  root: string;
  /** writes a kit-wifi stand-in into DIR (KIT_SCRIPTS_DIR): the real scripts/kit-wifi against this root, with fake systemctl, systemd-run, iw and journalctl (server/test/kit/fake-system/); it appends its calls to RECORD when given */
  install: (dir: string, record?: string) => void;
  /** the portal's data folder, which the helper reads as /var/lib/kit-portal */
  useDataDir: (dataDir: string) => void;
  /** hostapd "fails" on a configuration holding any of these lines; none: it comes up */
  refuse: (...lines: string[]) => void;
  /** what `iw phy phy0 info` prints from now on (default: the real capture of server/test/fixtures/wifi/) */
  radio: (text: string) => void;
  /** a file of /etc/kit-portal, or null */
  etc: (file: string) => string | null;
  calls: (command: 'systemctl' | 'systemd-run') => string[][];
  /** what the root helper printed (the journal on a kit) */
  helperLog: () => string;
  /** the pretend revert timers still waiting (or running their command) */
  timers: () => string[];
  /** ends those timers (their process groups) */
  stopTimers: () => void;
}

/**
 * A kit's /etc/kit-portal in a temporary root, made by the real first boot
 * (scripts/kit-firstboot) from FIRST_BOOT (kit-portal.txt), and the Wi-Fi
 * scripts that act on it: scripts/kit-wifi and kit-wifi-helper run for real;
 * only systemd, hostapd and the radio are stand-ins.
 */
export function wifiKit(firstBoot = 'ssid=Biblioteca-Aldea\nwifi_password=clave-inicial-1\ncountry=PE\n'): WifiKit {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-wifi-root-'));
  made.push(root);
  const fake = path.join(root, 'fake');
  fs.mkdirSync(path.join(root, 'boot/firmware'), { recursive: true });
  fs.mkdirSync(path.join(root, 'sys/class/net/wlan0/phy80211'), { recursive: true });
  fs.mkdirSync(path.join(fake, 'timers'), { recursive: true });
  fs.mkdirSync(path.join(root, 'etc'));
  fs.writeFileSync(path.join(root, 'etc/machine-id'), '0123456789abcdef0123456789abcdef\n');
  fs.writeFileSync(path.join(root, 'boot/firmware/kit-portal.txt'), firstBoot);
  fs.writeFileSync(path.join(root, 'sys/class/net/wlan0/phy80211/name'), 'phy0\n');
  execFileSync('/bin/sh', [path.join(REPO, 'scripts/kit-firstboot')], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', KIT_ROOT: root }, stdio: 'pipe' });
  // the hotspot is up, as after a boot
  fs.writeFileSync(path.join(fake, 'hostapd-state'), 'active\n');
  const lines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t')) : []);
  const alive = (pid: number) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const pidOf = (unit: string) => Number(fs.readFileSync(path.join(fake, 'timers', `${unit}.pid`), 'utf8'));
  const timers = () =>
    fs
      .readdirSync(path.join(fake, 'timers'))
      .map((name) => name.replace(/\.pid$/, ''))
      .filter((unit) => alive(pidOf(unit)));
  return {
    root,
    install: (dir, record) => {
      const q = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
      fs.writeFileSync(
        path.join(dir, 'kit-wifi'),
        [
          '#!/bin/sh',
          record ? `(IFS='\t'; printf '%s\\n' "kit-wifi\t$*") >>${q(record)}` : '',
          `KIT_ROOT=${q(root)} PATH=${q(`${FAKE_SYSTEM}:/usr/bin:/bin`)} KIT_WIFI_AP_WAIT=2 KIT_WIFI_AP_SETTLE=0`,
          'export KIT_ROOT PATH KIT_WIFI_AP_WAIT KIT_WIFI_AP_SETTLE',
          `exec ${q(path.join(REPO, 'scripts/kit-wifi'))} "$@"`,
          '',
        ].join('\n'),
        { mode: 0o755 },
      );
    },
    useDataDir: (dataDir) => {
      fs.mkdirSync(path.join(root, 'var/lib'), { recursive: true });
      fs.rmSync(path.join(root, 'var/lib/kit-portal'), { force: true });
      fs.symlinkSync(dataDir, path.join(root, 'var/lib/kit-portal'));
    },
    refuse: (...refused) => fs.writeFileSync(path.join(fake, 'refuse'), refused.map((line) => `${line}\n`).join('')),
    radio: (text) => fs.writeFileSync(path.join(fake, 'iw-phy.txt'), text),
    etc: (file) => {
      const full = path.join(root, 'etc/kit-portal', file);
      return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
    },
    calls: (command) => lines(path.join(fake, `${command}.calls`)),
    helperLog: () => (fs.existsSync(path.join(fake, 'helper.log')) ? fs.readFileSync(path.join(fake, 'helper.log'), 'utf8') : ''),
    timers,
    stopTimers: () => {
      for (const unit of timers()) {
        try {
          process.kill(-pidOf(unit), 'SIGTERM');
        } catch {
          // it fired meanwhile
        }
      }
    },
  };
}
