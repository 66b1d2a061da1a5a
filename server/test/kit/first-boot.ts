import fs from 'node:fs';
import path from 'node:path';
import { REPO, run, SCRIPTS_DIR, tempDir } from './kit-helpers.ts';

/** A card's first boot, and the kit-portal.txt make image writes for it, run as on a kit but under a temporary root. */

/** The machine id of the fake root: the generated network name is made from it. */
export const MACHINE_ID = '5f3a9c0e2b7d4e61a8c9f0d1e2b3a4c5';

export interface Boot {
  root: string;
  status: number | null;
  stdout: string;
  stderr: string;
  read: (file: string) => string;
  exists: (file: string) => boolean;
}

/** Runs scripts/kit-firstboot against a fake root (KIT_ROOT) holding /boot/firmware and /etc/machine-id. */
export function firstBoot(settings?: string | Buffer): Boot {
  const root = tempDir('kit-firstboot-');
  fs.mkdirSync(path.join(root, 'boot/firmware'), { recursive: true });
  fs.mkdirSync(path.join(root, 'etc'));
  fs.writeFileSync(path.join(root, 'etc/machine-id'), `${MACHINE_ID}\n`);
  if (settings !== undefined) fs.writeFileSync(path.join(root, 'boot/firmware/kit-portal.txt'), settings);
  const result = run('/bin/sh', [path.join(SCRIPTS_DIR, 'kit-firstboot')], { env: { PATH: process.env.PATH, KIT_ROOT: root } });
  return {
    root,
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    read: (file) => fs.readFileSync(path.join(root, file), 'utf8'),
    exists: (file) => fs.existsSync(path.join(root, file)),
  };
}

/** The variables of an EnvironmentFile as a POSIX shell reads them (the same quoting rules systemd applies). */
export function readEnvFile(file: string): Record<string, string> {
  const out = run('/bin/sh', ['-c', 'set -a; . "$1"; env -0', 'sh', file], { env: {} }).stdout;
  return Object.fromEntries(
    out
      .split('\0')
      .filter((entry) => entry.startsWith('KIT_'))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

/** image/first-boot-file.sh as make image runs it, with VARS in its environment. */
export const imageFirstBootFile = (vars: Record<string, string>) =>
  run('/bin/sh', [path.join(REPO, 'image', 'first-boot-file.sh')], { env: { PATH: process.env.PATH, ...vars } });

