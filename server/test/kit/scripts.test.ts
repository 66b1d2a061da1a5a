import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, fakeCommand, run, SCRIPTS_DIR } from './kit-helpers.ts';

// scripts/kit-power and scripts/kit-hotspot, run for real with a fake
// `systemctl` first on PATH that records its argv: what the server will spawn
// from /admin/device.
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

describe.each(['kit-power', 'kit-hotspot', 'kit-firstboot'])('scripts/%s', (script) => {
  const text = fs.readFileSync(path.join(SCRIPTS_DIR, script), 'utf8');

  it('is POSIX sh with set -eu, executable, and never evaluates text', () => {
    expect(text.startsWith('#!/bin/sh\n')).toBe(true);
    expect(text).toMatch(/^set -eu$/m);
    expect(text).not.toMatch(/\beval\b/);
    expect(text).not.toMatch(/^\s*(\.|source)\s/m);
    expect(fs.statSync(path.join(SCRIPTS_DIR, script)).mode & 0o111).not.toBe(0);
  });

  it('parses under dash (sh -n)', () => {
    const result = run('/bin/sh', ['-n', path.join(SCRIPTS_DIR, script)]);
    expect(result.status, result.stderr).toBe(0);
  });
});
