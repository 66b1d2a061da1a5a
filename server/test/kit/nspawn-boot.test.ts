import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, isRoot, REPO, run, tempDir, which } from './kit-helpers.ts';

// The kit booted for real: the amd64 variant of the image recipe
// (image/rootfs.sh: the same Debian userland as the Pi image, without kernel
// or radio), the portal put in by scripts/install.sh exactly as into the
// image, then booted with systemd 252 as PID 1 in systemd-nspawn. A self-test
// unit inside (image/selftest/) checks the notify/watchdog contract of
// kit-portal.service and writes its results to a bound folder.
//
// The root filesystem tarball is cached in .cache/kit-image/ keyed by the
// recipe's hash (image/rootfs-cached.sh): a cold build takes a few minutes,
// later runs only unpack it.
// Removing an unpacked root takes a while on a busy machine.
afterAll(cleanupTempDirs, 5 * 60_000);

const tools = ['systemd-nspawn', 'mmdebstrap', 'script', 'systemctl', 'systemd-sysusers', 'npm'];
const missing = tools.filter((tool) => !which(tool));
const reason = !isRoot ? 'needs root (mmdebstrap, systemd-nspawn)' : missing.length ? `missing ${missing.join(', ')} (scripts/ensure-test-tools.sh)` : '';

/** What the self-test checks in nspawn mode, in its order (image/selftest/kit-selftest). */
const CHECKS = [
  ['ready', 'kit-portal.service is active only once it answers: the first request after systemd took it as started succeeds, with no restart'],
  ['runs-as-kitportal', 'the server runs as the kitportal system user'],
  ['no-failed-units', 'the booted kit has no failed units'],
  ['firstboot-applied', 'kit-firstboot ran once: /etc/kit-portal written, admin details on the boot partition, a machine id of its own'],
  ['generated-defaults', 'without kit-portal.txt: a generated 12-character admin password and a Biblioteca-XXXX network'],
  ['watchdog-restarts', 'when the server stops pinging (SIGSTOP), the watchdog kills and restarts it, and the new one answers'],
  ['wifi-apply-fails-back', 'a Wi-Fi change staged by the portal’s user goes through polkit to the root helper, which arms a real revert timer; with no radio the access point cannot start, so the previous settings are back at once, the reason and the admin recorded, no timer left'],
] as const;

const BOOT_TIMEOUT_MS = 6 * 60_000;

/** Boots ROOT under systemd-nspawn (a pty is required, hence script) until the self-test powers it off. */
function boot(root: string, outDir: string, log: string): Promise<number | null> {
  const nspawn = [
    which('systemd-nspawn')!,
    '--register=no',
    '--keep-unit',
    '--private-network',
    '--quiet',
    `--directory=${root}`,
    `--bind=${outDir}:/selftest`,
    '--boot',
  ].join(' ');
  return new Promise((resolve, reject) => {
    const logFd = fs.openSync(log, 'w');
    const child = spawn(which('script')!, ['-qfec', nspawn, '/dev/null'], { stdio: ['ignore', logFd, logFd], detached: true });
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`the container did not power off within ${BOOT_TIMEOUT_MS / 1000} s; console: ${log}`));
    }, BOOT_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.closeSync(logFd);
      resolve(code);
    });
  });
}

describe.skipIf(reason !== '')(`the kit booted in systemd-nspawn (amd64 variant of the image)${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const results = new Map<string, string>();
  let consoleLog = '';

  beforeAll(async () => {
    expect(fs.existsSync(path.join(REPO, 'web/dist/index.html')), 'web/dist: run make build first').toBe(true);
    const rootfs = run('sh', [path.join(REPO, 'image/rootfs-cached.sh'), 'amd64'], { timeout: 20 * 60_000 });
    expect(rootfs.status, rootfs.stderr).toBe(0);
    const tarball = rootfs.stdout.trim();

    const root = tempDir('kit-nspawn-root-');
    const untar = run('tar', ['--numeric-owner', '-xpf', tarball, '-C', root], { timeout: 5 * 60_000 });
    expect(untar.status, untar.stderr).toBe(0);
    const install = run('sh', [path.join(REPO, 'scripts/install.sh'), '--root', root, '--arch', 'amd64'], { timeout: 10 * 60_000 });
    expect(install.status, install.stdout + install.stderr).toBe(0);

    // The test's own additions: the self-test unit, and no hotspot (a container has no radio;
    // the hotspot is checked in the arm64 image under QEMU, image/qemu-test.sh).
    const lib = path.join(root, 'usr/local/lib/kit-selftest');
    fs.mkdirSync(lib, { recursive: true });
    fs.copyFileSync(path.join(REPO, 'image/selftest/kit-selftest'), path.join(lib, 'kit-selftest'));
    fs.chmodSync(path.join(lib, 'kit-selftest'), 0o755);
    fs.copyFileSync(path.join(REPO, 'image/selftest/kit-selftest.service'), path.join(root, 'etc/systemd/system/kit-selftest.service'));
    fs.writeFileSync(path.join(root, 'etc/kit-selftest.env'), 'KIT_SELFTEST_MODE=nspawn\nKIT_SELFTEST_OUT=/selftest/results\n');
    const systemctl = (...args: string[]) => {
      const result = run('systemctl', [`--root=${root}`, '--quiet', ...args]);
      expect(result.status, result.stderr).toBe(0);
    };
    systemctl('enable', 'kit-selftest.service');
    systemctl('disable', 'kit-hotspot.target');

    const outDir = tempDir('kit-nspawn-out-');
    consoleLog = path.join(outDir, 'console.log');
    await boot(root, outDir, consoleLog);
    const file = path.join(outDir, 'results');
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    for (const line of text.split('\n')) {
      const match = /^(ok|FAIL) ([\w-]+)(?:: (.*))?$/.exec(line);
      if (match) results.set(match[2]!, match[1] === 'ok' ? 'ok' : `FAIL: ${match[3] ?? ''}`);
    }
    if (!text.includes('\ndone')) {
      const tail = fs.readFileSync(consoleLog, 'utf8').split('\n').slice(-60).join('\n');
      throw new Error(`the self-test did not finish; last console lines:\n${tail}`);
    }
  }, 40 * 60_000);

  it.each(CHECKS)('%s: %s', (name) => {
    expect(results.get(name), `console: ${consoleLog}`).toBe('ok');
  });
});
