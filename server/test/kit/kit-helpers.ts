import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository root; the kit files live in systemd/ and scripts/. */
export const REPO = path.resolve(import.meta.dirname, '..', '..', '..');
export const SYSTEMD_DIR = path.join(REPO, 'systemd');
export const SCRIPTS_DIR = path.join(REPO, 'scripts');

/** Debian keeps daemons in /usr/sbin, which is not on every user's PATH. */
const SEARCH_PATH = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', '/usr/bin', '/bin'].filter(Boolean);

/** Absolute path of a command, or null when this machine does not have it (scripts/ensure-test-tools.sh installs them). */
export function which(command: string): string | null {
  if (command.startsWith('/')) return isExecutable(command) ? command : null;
  for (const dir of SEARCH_PATH) {
    const candidate = path.join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export const isRoot = process.getuid?.() === 0;

export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string; timeout?: number } = {}): SpawnSyncReturns<string> {
  const result = spawnSync(which(command) ?? command, args, { encoding: 'utf8', timeout: 15_000, ...options });
  if (result.error) throw result.error;
  return result;
}

const tempDirs: string[] = [];

/** A fresh temporary directory, removed by cleanupTempDirs (call it from afterAll). */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A directory holding a fake COMMAND that appends its argv (one line, words
 * separated by a tab) to RECORD and exits with the code in the file
 * EXIT (0 when absent), printing STDOUT's content first. Put it first on PATH.
 */
export function fakeCommand(command: string, dir = tempDir('kit-fake-')): { dir: string; record: string; setExit: (code: number, stdout?: string) => void; calls: () => string[][] } {
  const record = path.join(dir, `${command}.calls`);
  const exitFile = path.join(dir, `${command}.exit`);
  const stdoutFile = path.join(dir, `${command}.stdout`);
  fs.writeFileSync(
    path.join(dir, command),
    `#!/bin/sh
(IFS='	'; printf '%s\\n' "$*") >>'${record}'
[ ! -f '${stdoutFile}' ] || cat '${stdoutFile}'
exit "$(cat '${exitFile}' 2>/dev/null || echo 0)"
`,
    { mode: 0o755 },
  );
  return {
    dir,
    record,
    setExit: (code, stdout) => {
      fs.writeFileSync(exitFile, String(code));
      if (stdout !== undefined) fs.writeFileSync(stdoutFile, stdout);
    },
    calls: () =>
      fs.existsSync(record)
        ? fs.readFileSync(record, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t'))
        : [],
  };
}

/** Lines of systemd/install.map: files to copy, units to enable and to mask. */
export function installMap(): { files: { source: string; target: string; mode: number }[]; enable: string[]; mask: string[] } {
  const map = { files: [] as { source: string; target: string; mode: number }[], enable: [] as string[], mask: [] as string[] };
  for (const line of fs.readFileSync(path.join(SYSTEMD_DIR, 'install.map'), 'utf8').split('\n')) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'file' && words.length === 4) map.files.push({ source: words[1]!, target: words[2]!, mode: Number.parseInt(words[3]!, 8) });
    else if (words[0] === 'enable' && words.length === 2) map.enable.push(words[1]!);
    else if (words[0] === 'mask' && words.length === 2) map.mask.push(words[1]!);
    else if (words[0] !== '' && !words[0]!.startsWith('#')) throw new Error(`install.map: bad line «${line}»`);
  }
  return map;
}

/** Every unit file in systemd/. */
export function unitFiles(): string[] {
  return fs.readdirSync(SYSTEMD_DIR).filter((name) => /\.(service|target|socket|timer|mount|path)$/.test(name)).sort();
}

/** key → values of one section of a unit file (a key may repeat). */
export function unitSection(unit: string, section: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  let current = '';
  for (const raw of fs.readFileSync(path.join(SYSTEMD_DIR, unit), 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      current = header[1]!;
      continue;
    }
    if (current !== section) continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq).trim();
    entries.set(key, [...(entries.get(key) ?? []), line.slice(eq + 1).trim()]);
  }
  return entries;
}

/** The rules every kit script in scripts/ keeps: POSIX sh with set -eu, executable, no eval or sourcing, parses under dash. */
export function describeKitScripts(scripts: string[]): void {
  describe.each(scripts)('scripts/%s', (script) => {
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
}
