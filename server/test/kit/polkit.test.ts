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
/** Cases asking systemd for units, each written `unit verb`. */
const units = (user: Case['user'], allowed: boolean, ...unitVerbs: string[]): Case[] =>
  unitVerbs.map((unitVerb) => {
    const [unit, verb] = unitVerb.split(' ');
    return { user, action: MANAGE, unit, verb, allowed };
  });
/** Cases asking for other actions, named without their `org.freedesktop.` prefix. */
const actions = (user: Case['user'], allowed: boolean, ...names: string[]): Case[] => names.map((name) => ({ user, action: `org.freedesktop.${name}`, allowed }));
const CASES: Case[] = [
  // what /admin/device needs
  ...actions('kitportal', true, 'login1.power-off', 'login1.power-off-multiple-sessions', 'login1.reboot', 'login1.reboot-multiple-sessions'),
  ...['kit-hotspot.target', 'kit-hostapd.service', 'kit-dnsmasq.service'].flatMap((unit) => units('kitportal', true, `${unit} start`, `${unit} stop`, `${unit} restart`)),
  // a Wi-Fi change (kit-wifi: start the root helper's two units, nothing else of them)
  ...units('kitportal', true, 'kit-wifi-apply.service start', 'kit-wifi-confirm.service start'),
  // the clock (kit-clock: timedatectl set-time, NTP off and on around it)
  ...actions('kitportal', true, 'timedate1.set-time', 'timedate1.set-ntp'),
  // nothing more for the server's user
  ...units('kitportal', false, 'ssh.service stop', 'kit-portal.service stop', 'kit-wlan-address.service stop', 'kit-hotspot.target kill', 'kit-hotspot.target reload-or-restart'),
  ...units('kitportal', false, 'kit-wifi-apply.service stop', 'kit-wifi-apply.service restart', 'kit-wifi-confirm.service stop', 'kit-wifi-boot.service start'),
  // the revert timer is the root helper's: the portal may not stop it (nor start one)
  ...units('kitportal', false, 'kit-wifi-revert-0123456789ab.timer stop', 'kit-wifi-revert-0123456789ab.service start'),
  // a unit named like a property of every JavaScript object is just another unit
  ...units('kitportal', false, 'constructor start', 'hasOwnProperty start'),
  ...actions('kitportal', false, 'systemd1.manage-unit-files', 'systemd1.reload-daemon', 'login1.halt', 'login1.power-off-ignore-inhibit'),
  // (login1.set-wall-message is not listed: systemd's policy makes power-off imply it, so polkitd allows it with power-off.)
  ...actions('kitportal', false, 'login1.suspend', 'hostname1.set-hostname'),
  // (timedate1.set-timezone is not listed: systemd's policy makes set-time imply it, so polkitd allows it with set-time.)
  ...actions('kitportal', false, 'timedate1.set-local-rtc'),
  // another user gets nothing from this rule
  ...actions('vecino', false, 'login1.reboot', 'login1.power-off'),
  ...units('vecino', false, 'kit-hotspot.target stop', 'kit-wifi-apply.service start'),
  ...actions('vecino', false, 'timedate1.set-time', 'timedate1.set-ntp'),
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
