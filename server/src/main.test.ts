import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/kit-process.ts';
import { tempDir } from '../test/helper.ts';

/*
 * What a newcomer sees after `make start`: the real start path (node
 * server/src/main.ts with the demo), once in a pseudo-terminal made by
 * `script`, as in a terminal, and once with its output piped, as under
 * systemd (journald) or a test.
 */
const MAIN = path.resolve(import.meta.dirname, 'main.ts');
/** Starting Node, migrating and copying the demo's media take tens of seconds on a busy machine. */
const START = 240_000;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Started {
  port: number;
  /** everything the server printed until it was stopped */
  output: string;
  /** the admin password it printed, checked by logging in with it */
  adminLogin: (password: string) => Promise<number>;
}

/**
 * Starts the server, waits until it answers and until its own log shows that
 * answer (so every line printed at start has arrived), logs in as asked, stops it.
 */
async function start(how: 'terminal' | 'pipe', env: Record<string, string> = {}, login: (s: Started) => Promise<void> = async () => undefined): Promise<Started> {
  const dataDir = tempDir('kit-start-');
  dirs.push(dataDir);
  const port = await freePort();
  const fullEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    KIT_HTTPS_PORT: '0',
    KIT_DATA_DIR: dataDir,
    KIT_WEB_DIR: path.join(dataDir, 'no-web'),
    KIT_SEED_DEMO: 'true',
    KIT_ADMIN_PASSWORD: '',
    LOG_LEVEL: 'info',
    LOG_FORMAT: '',
    ...env,
  };
  const command = `exec "${process.execPath}" "${MAIN}"`;
  const proc = how === 'terminal'
    ? spawn('script', ['-qfec', command, '/dev/null'], { env: fullEnv, stdio: ['pipe', 'pipe', 'inherit'] })
    : spawn(process.execPath, [MAIN], { env: fullEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const started: Started = {
    port,
    get output() {
      return output;
    },
    adminLogin: async (password) =>
      (await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: 'admin', password }) })).status,
  };
  try {
    // A busy machine may take tens of seconds to start Node, migrate and load the demo.
    let healthy = false;
    for (let i = 0; i < 2400 && !healthy && proc.exitCode === null; i++) {
      healthy = await fetch(`${base}/api/health`).then((res) => res.ok, () => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(healthy, output).toBe(true);
    for (let i = 0; i < 2400 && !output.includes('/api/health'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await login(started);
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
  return { ...started, output };
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '').replace(/\r/g, '');
const lines = (text: string) => plain(text).split('\n').filter((line) => line.trim() !== '');

describe('make start in a terminal', () => {
  it('prints readable lines, with the address, the admin user and the passwords standing out', async () => {
    let loggedIn = 0;
    const run = await start('terminal', {}, async (s) => {
      const password = /Contraseña: (\S+)/.exec(plain(s.output))?.[1] ?? '';
      loggedIn = await s.adminLogin(password);
    });
    const all = lines(run.output);
    expect(all.filter((line) => line.trimStart().startsWith('{')), 'no JSON lines').toEqual([]);
    const marked = all.filter((line) => line.includes('»'));
    expect(marked.some((line) => line.includes(`Abre el portal en http://localhost:${run.port}/menu`)), all.join('\n')).toBe(true);
    expect(marked.some((line) => /Usuario: admin +Contraseña: [a-z2-9]{12}/.test(line)), all.join('\n')).toBe(true);
    expect(marked.some((line) => /Usuarios de demostración.*: \S+ \/ [a-z2-9]{12}/.test(line)), all.join('\n')).toBe(true);
    // Only those stand out: the request lines do not.
    expect(marked).toHaveLength(3);
    expect(all.some((line) => line.includes('/api/health') && !line.includes('»'))).toBe(true);
    // The password shown is the admin's.
    expect(loggedIn).toBe(200);
  }, START);

  it('prints JSON even in a terminal when LOG_FORMAT=json', async () => {
    const run = await start('terminal', { LOG_FORMAT: 'json', KIT_SEED_DEMO: 'false' });
    const all = lines(run.output);
    expect(all.length).toBeGreaterThan(3);
    for (const line of all) expect(() => JSON.parse(line), line).not.toThrow();
  }, START);
});

describe('the start with its output piped (journald on a kit, tests)', () => {
  it('prints one JSON object a line, the same facts included', async () => {
    const run = await start('pipe', { KIT_SEED_DEMO: 'false' });
    const records = lines(run.output).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(records.some((r) => r.msg.includes(`Abre el portal en http://localhost:${run.port}/menu`))).toBe(true);
    expect(records.some((r) => /Usuario: admin +Contraseña: [a-z2-9]{12}/.test(r.msg))).toBe(true);
  }, START);

  it('prints readable lines when LOG_FORMAT=pretty asks for them', async () => {
    const run = await start('pipe', { LOG_FORMAT: 'pretty', KIT_SEED_DEMO: 'false' });
    const all = lines(run.output);
    expect(all.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(all.some((line) => line.includes('»') && line.includes('Abre el portal en'))).toBe(true);
  }, START);
});
