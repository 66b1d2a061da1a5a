import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, installMap, REPO, run, tempDir, which } from './kit-helpers.ts';

// The flashable image in image/dist/ (make image), checked offline: checksums,
// partition table, the FAT partition through mtools and fsck.vfat, the ext4
// partition through e2fsck and debugfs (no mounts, no loop devices). Runs only
// when an image was built; make image-test boots it (image/qemu-test.sh).
afterAll(cleanupTempDirs, 2 * 60_000);

const DIST = path.join(REPO, 'image/dist');
const zst = fs.existsSync(DIST) ? fs.readdirSync(DIST).find((name) => name.endsWith('-raspi-arm64.img.zst')) : undefined;
const missing = ['zstd', 'sfdisk', 'mtype', 'fsck.vfat', 'e2fsck', 'debugfs'].filter((tool) => !which(tool));
const reason = !zst ? 'no image built (make image)' : missing.length ? `missing ${missing.join(', ')} (image/ensure-tools.sh)` : '';

describe.skipIf(reason !== '')(`the SD image ${zst ?? ''}${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let img: string;
  let fat: string; // IMG@@OFFSET for mtools
  let ext: string; // IMG?offset=OFFSET for e2fsprogs
  let partitions: { start: number; size: number; type: string; bootable?: boolean }[];
  const mtools = (command: string, ...args: string[]) => run(command, ['-i', fat, ...args], { env: { ...process.env, MTOOLS_SKIP_CHECK: '1' } });
  const debugfs = (request: string) => run('debugfs', ['-R', request, ext], { timeout: 60_000 });

  beforeAll(() => {
    const dir = tempDir('kit-image-');
    img = path.join(dir, 'kit.img');
    const unpack = run('zstd', ['-q', '-d', path.join(DIST, zst!), '-o', img], { timeout: 5 * 60_000 });
    expect(unpack.status, unpack.stderr).toBe(0);
    partitions = JSON.parse(run('sfdisk', ['-J', img]).stdout).partitiontable.partitions;
    fat = `${img}@@${partitions[0]!.start * 512}`;
    ext = `${img}?offset=${partitions[1]!.start * 512}`;
  }, 10 * 60_000);

  it('matches SHA256SUMS, which also covers the package manifest', () => {
    const sums = fs.readFileSync(path.join(DIST, 'SHA256SUMS'), 'utf8');
    expect(sums).toContain(zst);
    expect(sums).toMatch(/packages\.txt/);
    const check = run('sha256sum', ['-c', 'SHA256SUMS'], { cwd: DIST, timeout: 5 * 60_000 });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('lists the Debian and npm packages inside', () => {
    const manifest = fs.readFileSync(path.join(DIST, zst!.replace(/\.img\.zst$/, '.packages.txt')), 'utf8');
    for (const name of ['raspi-firmware', 'firmware-brcm80211', 'hostapd', 'dnsmasq-base', 'polkitd', 'systemd']) expect(manifest).toMatch(new RegExp(`^${name}\\t\\S+\\t(arm64|all)$`, 'm'));
    expect(manifest).toMatch(/^linux-image-\S+-arm64\t/m);
    for (const name of ['fastify', 'better-sqlite3', 'sharp']) expect(manifest).toMatch(new RegExp(`^${name}\\t\\d+\\.`, 'm'));
    expect(manifest).toMatch(/^# Node 24\./m);
  });

  it('has an MBR with the FAT boot partition at 4 MiB and the root partition after it', () => {
    expect(partitions).toHaveLength(2);
    expect(partitions[0]).toMatchObject({ start: 8192, type: 'c', bootable: true });
    expect(partitions[1]!.type).toBe('83');
    expect(partitions[1]!.start).toBeGreaterThanOrEqual(partitions[0]!.start + partitions[0]!.size);
  });

  it('boot partition: a clean FAT labelled RASPIFIRM with the Pi firmware, kernel, initrd and device trees of the 3B, 3B+, 4 and 400', () => {
    const dir = path.dirname(img);
    const part = path.join(dir, 'fat.img');
    const dd = run('dd', [`if=${img}`, `of=${part}`, 'bs=512', `skip=${partitions[0]!.start}`, `count=${partitions[0]!.size}`, 'status=none'], { timeout: 60_000 });
    expect(dd.status, dd.stderr).toBe(0);
    const fsck = run('fsck.vfat', ['-n', part], { timeout: 60_000 });
    expect(fsck.status, fsck.stdout + fsck.stderr).toBe(0);
    expect(mtools('mlabel', '-s', '::').stdout).toMatch(/RASPIFIRM/);
    const files = mtools('mdir', '-b', '::/').stdout.split('\n').map((line) => line.replace(/^::\//, '').trim());
    for (const file of ['config.txt', 'cmdline.txt', 'bootcode.bin', 'start4.elf', 'fixup4.dat', 'bcm2837-rpi-3-b.dtb', 'bcm2837-rpi-3-b-plus.dtb', 'bcm2711-rpi-4-b.dtb', 'bcm2711-rpi-400.dtb', 'kit-portal.txt.example']) {
      expect(files, file).toContain(file);
    }
    expect(files.some((file) => file.startsWith('vmlinuz'))).toBe(true);
    expect(files.some((file) => file.startsWith('initrd.img'))).toBe(true);
    // No settings, no admin details, no self-test results in a released image.
    expect(files.filter((file) => /^kit-(portal\.txt$|portal-admin|selftest)/.test(file))).toEqual([]);
    const cmdline = mtools('mtype', '::/cmdline.txt').stdout;
    expect(cmdline).toContain('root=LABEL=RASPIROOT');
    expect(cmdline).not.toMatch(/cma=/);
    expect(mtools('mtype', '::/config.txt').stdout).toMatch(/^arm_64bit=1$/m);
  });

  it('root partition: a clean ext4 labelled RASPIROOT', () => {
    const fsck = run('e2fsck', ['-fn', ext], { timeout: 5 * 60_000 });
    expect(fsck.status, fsck.stdout + fsck.stderr).toBe(0);
    expect(run('dumpe2fs', ['-h', ext]).stdout).toMatch(/^Filesystem volume name:\s+RASPIROOT$/m);
    expect(debugfs('cat /etc/fstab').stdout).toMatch(/^LABEL=RASPIFIRM\s+\/boot\/firmware\s+vfat/m);
  });

  it('root partition: the portal, Node for arm64, the units enabled and masked as install.map says, and first-boot growth', () => {
    const stat = debugfs('stat /opt/kit-portal/.toolchain/node_modules/node/bin/node').stdout;
    expect(stat).toMatch(/Mode:\s+0755/);
    expect(debugfs('stat /opt/kit-portal/server/dist/main.mjs').stdout).toMatch(/Type: regular/);
    expect(debugfs('ls -l /opt/kit-portal/node_modules/better-sqlite3/prebuilds').stdout).toMatch(/linux-arm64\.node/);
    const map = installMap();
    for (const file of map.files) expect(debugfs(`cat ${file.target}`).stdout, file.target).toBe(fs.readFileSync(path.join(REPO, file.source), 'utf8'));
    const wants = debugfs('ls -l /etc/systemd/system/multi-user.target.wants').stdout;
    for (const unit of map.enable) expect(wants, unit).toContain(unit);
    for (const unit of map.mask) expect(debugfs(`stat /etc/systemd/system/${unit}`).stdout, unit).toMatch(/Fast link dest: "\/dev\/null"/);
    expect(debugfs('ls -l /etc/systemd/system/sysinit.target.wants').stdout).toContain('kit-growroot.service');
    expect(debugfs('cat /etc/passwd').stdout).toMatch(/^kitportal:x:\d+:\d+:/m);
    expect(debugfs('ls /lib/firmware/brcm').stdout).toMatch(/brcmfmac43455-sdio/);
  });

  it('root partition: no machine id, no host keys, no self-test, no password for anyone', () => {
    expect(debugfs('cat /etc/machine-id').stdout).toBe('');
    expect(debugfs('ls /etc/ssh').stdout).not.toMatch(/ssh_host_/);
    expect(debugfs('stat /etc/systemd/system/kit-selftest.service').stderr).toMatch(/File not found/);
    expect(debugfs('stat /etc/kit-portal/env').stderr).toMatch(/File not found/);
    // Every account locked ("*" or "!"): nobody logs in with a password that shipped in the image.
    const shadow = debugfs('cat /etc/shadow').stdout.split('\n').filter(Boolean);
    expect(shadow.length).toBeGreaterThan(0);
    for (const line of shadow) expect(line.split(':')[1], line.split(':')[0]).toMatch(/^[*!]/);
  });
});
