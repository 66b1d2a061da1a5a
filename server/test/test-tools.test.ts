/**
 * Every host command a test starts, or mounts a stand-in over, is named in
 * scripts/test-tools.txt, whose packages scripts/ensure-test-tools.sh installs
 * before `make test` runs (or stops, naming them). A test that needs a command
 * the list forgets passes only on a machine where someone installed it by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
/** its own examples name commands too */
const SELF = 'server/test/test-tools.test.ts';

/** Commands of Debian's essential packages (and Node's own): on every machine the suite can run on. */
const ESSENTIAL = new Set([
  'sh', 'bash', 'node', 'npm', 'npx', 'cat', 'cp', 'dd', 'date', 'echo', 'env', 'false', 'id', 'kill', 'ln', 'ls',
  'mkdir', 'mv', 'nologin', 'printf', 'rm', 'sha256sum', 'sleep', 'stat', 'sync', 'true',
]);

/** The SD image's own checks run only after `make image`, whose image/ensure-tools.sh installs their tools. */
const IMAGE_ONLY = new Set(['server/test/kit/image.test.ts']);

function listedCommands(): Set<string> {
  const text = fs.readFileSync(path.join(REPO, 'scripts/test-tools.txt'), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split(/\s+/)[0] ?? ''),
  );
}

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'fixtures') out.push(...testFiles(rel));
    } else if (/\.(spec|test)\.tsx?$/.test(entry.name) || (/\/(test|e2e)\//.test(`/${rel}`) && entry.name.endsWith('.ts'))) {
      out.push(rel);
    }
  }
  return out;
}

/** Commands a source starts by name (spawn, execFile, the kit helpers' run and which) or names by absolute path. */
export function commandsIn(source: string): string[] {
  const found = new Set<string>();
  const started = /(?<![.\w])(?:spawnSync|spawn|execFileSync|execFile|execSync|run|which)\(\s*'([A-Za-z0-9_.+/-]+)'/g;
  for (const m of source.matchAll(started)) found.add(m[1] ?? '');
  // a stand-in bind-mounted over a command needs the command's file as its mount point
  const absolute = /['"` ](\/(?:usr\/)?s?bin\/[A-Za-z0-9_.+-]+)/g;
  for (const m of source.matchAll(absolute)) found.add(path.basename(m[1] ?? ''));
  return [...found].filter((c) => c !== '');
}

describe('the host commands the tests use', () => {
  it('finds a command started by name or mounted over by path', () => {
    expect(commandsIn("spawnSync('ffmpeg', ['-i'])")).toEqual(['ffmpeg']);
    expect(commandsIn(`'sh', '-c', 'mount --bind "$0" /usr/sbin/iw && exec "$@"'`)).toEqual(['iw']);
  });

  it('are each named in scripts/test-tools.txt, which ensure-test-tools.sh installs', () => {
    const listed = listedCommands();
    const known = new Set([...listed].map((c) => path.basename(c)));
    const files = [...testFiles('server'), ...testFiles('web/e2e'), ...testFiles('web/src'), ...testFiles('web/test')].filter((f) => !IMAGE_ONLY.has(f) && f !== SELF);
    expect(files.length).toBeGreaterThan(100);
    const unlisted: string[] = [];
    for (const file of files) {
      for (const command of commandsIn(fs.readFileSync(path.join(REPO, file), 'utf8'))) {
        if (!ESSENTIAL.has(path.basename(command)) && !known.has(path.basename(command))) unlisted.push(`${file}: ${command}`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});
