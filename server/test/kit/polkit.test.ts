import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import * as acorn from 'acorn';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, isRoot, run, SYSTEMD_DIR, tempDir, which } from './kit-helpers.ts';

// systemd/polkit/50-kit-portal.rules: the server's user may power off, reboot,
// switch the hotspot, start the Wi-Fi change's two units and set the clock,
// and nothing else. Checked twice: by the real polkitd
// through pkcheck, and by evaluating the rules (polkit rules are JavaScript)
// against fake subjects and actions.
afterAll(cleanupTempDirs);

const RULES = path.join(SYSTEMD_DIR, 'polkit/50-kit-portal.rules');

interface Case {
  user: 'kitportal' | 'vecino';
  action: string;
  unit?: string;
  verb?: string;
  allowed: boolean;
}

const MANAGE = 'org.freedesktop.systemd1.manage-units';
const CASES: Case[] = [
  // what /admin/device needs
  ...['power-off', 'power-off-multiple-sessions', 'reboot', 'reboot-multiple-sessions'].map((a) => ({ user: 'kitportal' as const, action: `org.freedesktop.login1.${a}`, allowed: true })),
  ...['kit-hotspot.target', 'kit-hostapd.service', 'kit-dnsmasq.service'].flatMap((unit) =>
    ['start', 'stop', 'restart'].map((verb) => ({ user: 'kitportal' as const, action: MANAGE, unit, verb, allowed: true })),
  ),
  // a Wi-Fi change (kit-wifi: start the root helper's two units, nothing else of them)
  { user: 'kitportal', action: MANAGE, unit: 'kit-wifi-apply.service', verb: 'start', allowed: true },
  { user: 'kitportal', action: MANAGE, unit: 'kit-wifi-confirm.service', verb: 'start', allowed: true },
  // the clock (kit-clock: timedatectl set-time, NTP off and on around it)
  { user: 'kitportal', action: 'org.freedesktop.timedate1.set-time', allowed: true },
  { user: 'kitportal', action: 'org.freedesktop.timedate1.set-ntp', allowed: true },
  // nothing more for the server's user
  { user: 'kitportal', action: MANAGE, unit: 'ssh.service', verb: 'stop', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-portal.service', verb: 'stop', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-wlan-address.service', verb: 'stop', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-hotspot.target', verb: 'kill', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-hotspot.target', verb: 'reload-or-restart', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-wifi-apply.service', verb: 'stop', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-wifi-apply.service', verb: 'restart', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-wifi-confirm.service', verb: 'stop', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-wifi-boot.service', verb: 'start', allowed: false },
  // the revert timer is the root helper's: the portal may not stop it (nor start one)
  { user: 'kitportal', action: MANAGE, unit: 'kit-wifi-revert-0123456789ab.timer', verb: 'stop', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'kit-wifi-revert-0123456789ab.service', verb: 'start', allowed: false },
  // a unit named like a property of every JavaScript object is just another unit
  { user: 'kitportal', action: MANAGE, unit: 'constructor', verb: 'start', allowed: false },
  { user: 'kitportal', action: MANAGE, unit: 'hasOwnProperty', verb: 'start', allowed: false },
  { user: 'kitportal', action: 'org.freedesktop.systemd1.manage-unit-files', allowed: false },
  { user: 'kitportal', action: 'org.freedesktop.systemd1.reload-daemon', allowed: false },
  { user: 'kitportal', action: 'org.freedesktop.login1.halt', allowed: false },
  { user: 'kitportal', action: 'org.freedesktop.login1.power-off-ignore-inhibit', allowed: false },
  // (login1.set-wall-message is not listed: systemd's policy makes power-off imply it, so polkitd allows it with power-off.)
  { user: 'kitportal', action: 'org.freedesktop.login1.suspend', allowed: false },
  { user: 'kitportal', action: 'org.freedesktop.hostname1.set-hostname', allowed: false },
  // (timedate1.set-timezone is not listed: systemd's policy makes set-time imply it, so polkitd allows it with set-time.)
  { user: 'kitportal', action: 'org.freedesktop.timedate1.set-local-rtc', allowed: false },
  // another user gets nothing from this rule
  { user: 'vecino', action: 'org.freedesktop.login1.reboot', allowed: false },
  { user: 'vecino', action: 'org.freedesktop.login1.power-off', allowed: false },
  { user: 'vecino', action: MANAGE, unit: 'kit-hotspot.target', verb: 'stop', allowed: false },
  { user: 'vecino', action: MANAGE, unit: 'kit-wifi-apply.service', verb: 'start', allowed: false },
  { user: 'vecino', action: 'org.freedesktop.timedate1.set-time', allowed: false },
  { user: 'vecino', action: 'org.freedesktop.timedate1.set-ntp', allowed: false },
];

const label = (c: Case) => `${c.user} ${c.action.replace('org.freedesktop.', '')}${c.unit ? ` ${c.verb} ${c.unit}` : ''}`;

describe('the polkit rule, asked of the real polkitd (pkcheck)', () => {
  const tools = ['pkcheck', '/usr/lib/polkit-1/polkitd', 'dbus-daemon', 'unshare', 'setpriv'].filter((t) => !which(t));
  // Needs root (a private mount namespace hides the host's rules and users) and
  // Debian's polkitd, pkcheck (package polkitd), dbus-daemon and util-linux:
  // skipped, with the reason below, only where they are missing.
  const skip = !isRoot || tools.length > 0;
  const reason = !isRoot ? 'not root' : `missing ${tools.join(', ')}`;

  it.skipIf(skip)(`answers every case as the rule says${skip ? ` (skipped: ${reason})` : ''}`, () => {
    const work = tempDir('kit-polkit-');
    const casesFile = path.join(work, 'cases');
    fs.writeFileSync(casesFile, CASES.map((c) => [c.user, c.action, c.unit ?? '', c.verb ?? ''].join(' ').trimEnd()).join('\n') + '\n');
    const result = run('unshare', ['--mount', '--propagation', 'private', '/bin/sh', path.join(import.meta.dirname, 'pkcheck-harness.sh'), work, RULES, casesFile], { timeout: 30_000 });
    expect(result.status, result.stderr).toBe(0);
    const codes = result.stdout.trim().split('\n').map(Number);
    expect(codes).toHaveLength(CASES.length);
    const answers = CASES.map((c, i) => `${label(c)} → ${codes[i] === 0 ? 'yes' : `no (${codes[i]})`}`);
    const expected = CASES.map((c, i) => `${label(c)} → ${c.allowed ? 'yes' : `no (${codes[i] === 0 ? 'any' : codes[i]})`}`);
    expect(answers).toEqual(expected);
    // The server's user is refused outright, not asked for a password it could never give.
    CASES.forEach((c, i) => {
      if (c.user === 'kitportal' && !c.allowed && /^org\.freedesktop\.(systemd1|timedate1)\./.test(c.action)) expect(codes[i], label(c)).toBe(1);
    });
  });
});

describe('the polkit rule, evaluated as JavaScript', () => {
  const source = fs.readFileSync(RULES, 'utf8');

  it("is ES5, which polkit's duktape engine runs", () => {
    expect(() => acorn.parse(source, { ecmaVersion: 5 })).not.toThrow();
  });

  /** A stand-in for polkitd: runs the rules file, then asks each rule in order as polkitd does. */
  function decide(c: Case): string {
    const rules: ((action: unknown, subject: unknown) => unknown)[] = [];
    const Result = { NOT_HANDLED: null, YES: 'yes', NO: 'no', AUTH_ADMIN: 'auth_admin', AUTH_SELF: 'auth_self' };
    vm.runInNewContext(source, { polkit: { Result, addRule: (f: (typeof rules)[number]) => rules.push(f), log: () => {} } });
    const details: Record<string, string> = c.unit ? { unit: c.unit, verb: c.verb ?? '' } : {};
    const action = { id: c.action, lookup: (key: string) => details[key] };
    const subject = { user: c.user, local: false, active: false, isInGroup: () => false, isInNetGroup: () => false };
    for (const rule of rules) {
      const result = rule(action, subject);
      if (result !== null && result !== undefined) return String(result);
    }
    return 'not handled';
  }

  it.each(CASES.map((c) => [label(c), c]))('%s', (_label, c) => {
    const result = decide(c);
    if (c.allowed) expect(result).toBe('yes');
    // The server's user is refused outright for any other systemd, logind or timedated action; the rest is left to polkit's defaults.
    else if (c.user === 'kitportal' && /^org\.freedesktop\.(systemd1|login1|timedate1)\./.test(c.action)) expect(result).toBe('no');
    else expect(result).toBe('not handled');
  });
});
