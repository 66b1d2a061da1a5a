import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, describeKitScripts, fakeCommand, run, SCRIPTS_DIR, tempDir } from './kit-helpers.ts';

// scripts/kit-power, scripts/kit-hotspot and scripts/kit-clock, run for real
// with a fake `systemctl` / `timedatectl` first on PATH that records its argv:
// what the server spawns from /admin/device.
afterAll(cleanupTempDirs);

function runScript(script: string, args: string[], exitCode = 0, stdout = '') {
  const systemctl = fakeCommand('systemctl');
  systemctl.setExit(exitCode, stdout);
  const result = run(path.join(SCRIPTS_DIR, script), args, { env: { PATH: `${systemctl.dir}:/usr/bin:/bin` } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, calls: systemctl.calls() };
}

// Anything but the one allowed word: missing, extra, look-alikes, shell syntax, options.
const REFUSED = [[], ['poweroff', 'now'], ['POWEROFF'], ['poweroff;reboot'], ['$(reboot)'], ['reboot '], ['--help'], ['-h'], ['halt'], ['']];

describe('scripts/kit-power', () => {
  it.each([
    ['poweroff', ['poweroff']],
    ['reboot', ['reboot']],
  ])('%s runs systemctl %s', (arg, expected) => {
    const result = runScript('kit-power', [arg]);
    expect(result.status).toBe(0);
    expect(result.calls).toEqual([expected]);
  });

  it('passes on systemctl’s failure (polkit said no)', () => {
    expect(runScript('kit-power', ['reboot'], 1).status).toBe(1);
  });

  it.each(REFUSED.map((args) => [JSON.stringify(args), args]))('refuses %s with exit 2 and a usage line, without calling systemctl', (_label, args) => {
    const result = runScript('kit-power', args as string[]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('uso: kit-power poweroff|reboot\n');
    expect(result.calls).toEqual([]);
  });
});

describe('scripts/kit-hotspot', () => {
  it.each([
    ['on', ['start', 'kit-hotspot.target']],
    ['off', ['stop', 'kit-hotspot.target']],
    ['status', ['is-active', 'kit-hotspot.target']],
  ])('%s runs systemctl %j', (arg, expected) => {
    const result = runScript('kit-hotspot', [arg]);
    expect(result.status).toBe(0);
    expect(result.calls).toEqual([expected]);
  });

  it('status prints the state and exits as systemctl is-active does', () => {
    expect(runScript('kit-hotspot', ['status'], 0, 'active\n')).toMatchObject({ status: 0, stdout: 'active\n' });
    expect(runScript('kit-hotspot', ['status'], 3, 'inactive\n')).toMatchObject({ status: 3, stdout: 'inactive\n' });
  });

  it.each([...REFUSED, ['start'], ['on', 'off'], ['kit-hotspot.target']].map((args) => [JSON.stringify(args), args]))(
    'refuses %s with exit 2 and a usage line, without calling systemctl',
    (_label, args) => {
      const result = runScript('kit-hotspot', args as string[]);
      expect(result.status).toBe(2);
      expect(result.stderr).toBe('uso: kit-hotspot on|off|status\n');
      expect(result.calls).toEqual([]);
    },
  );
});

describe('scripts/kit-clock', () => {
  /** A fake timedatectl recording its argv: `show` prints NTP, set-time and set-ntp exit as told. */
  function runClock(args: string[], { ntp = 'yes', setTimeExit = 0, setNtpExit = 0 } = {}) {
    const dir = tempDir('kit-fake-');
    const record = path.join(dir, 'calls');
    fs.writeFileSync(
      path.join(dir, 'timedatectl'),
      `#!/bin/sh
(IFS='	'; printf '%s\\n' "$*") >>'${record}'
case $1 in
	show) echo ${ntp} ;;
	set-time) exit ${setTimeExit} ;;
	set-ntp) exit ${setNtpExit} ;;
esac
`,
      { mode: 0o755 },
    );
    const result = run(path.join(SCRIPTS_DIR, 'kit-clock'), args, { env: { PATH: `${dir}:/usr/bin:/bin` } });
    const calls = fs.existsSync(record) ? fs.readFileSync(record, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t')) : [];
    return { status: result.status, stderr: result.stderr, calls };
  }
  const TIME = '2025-03-04 10:20:30 UTC';

  it('sets the time with NTP switched off around it (timedated refuses set-time while NTP is on)', () => {
    const result = runClock(['set', TIME]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.calls).toEqual([['show', '--property=NTP', '--value'], ['set-ntp', 'false'], ['set-time', TIME], ['set-ntp', 'true']]);
  });

  it('leaves NTP alone when it is off', () => {
    const result = runClock(['set', TIME], { ntp: 'no' });
    expect(result.status).toBe(0);
    expect(result.calls).toEqual([['show', '--property=NTP', '--value'], ['set-time', TIME]]);
  });

  it('passes on a refused set-time, and still switches NTP back on', () => {
    const result = runClock(['set', TIME], { setTimeExit: 1 });
    expect(result.status).toBe(1);
    expect(result.calls.at(-1)).toEqual(['set-ntp', 'true']);
  });

  it('fails when NTP cannot be switched back on', () => {
    const result = runClock(['set', TIME], { setNtpExit: 1, ntp: 'yes' });
    expect(result.status).not.toBe(0);
  });

  it.each(
    [
      [],
      ['set'],
      ['set', TIME, 'x'],
      ['now', TIME],
      ['set', '2025-03-04T10:20:30Z'],
      ['set', '2025-03-04 10:20:30'],
      ['set', '2025-3-4 10:20:30 UTC'],
      ['set', `${TIME}; reboot`],
      ['set', `${TIME}\nreboot`],
      ['set', '$(reboot)'],
      ['set', '+1h'],
      ['--help', TIME],
    ].map((args) => [JSON.stringify(args), args]),
  )('refuses %s with exit 2 and a usage line, without calling timedatectl', (_label, args) => {
    const result = runClock(args as string[]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("uso: kit-clock set 'AAAA-MM-DD HH:MM:SS UTC'\n");
    expect(result.calls).toEqual([]);
  });
});

describeKitScripts(['kit-power', 'kit-hotspot', 'kit-clock', 'kit-firstboot']);
