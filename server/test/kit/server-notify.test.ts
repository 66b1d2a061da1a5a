import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, REPO, tempDir } from './kit-helpers.ts';

// The real server (server/src/main.ts) started as kit-portal.service starts
// it, with a fake systemd-notify first on PATH. When the fake receives
// --ready it asks the server's health endpoint itself: "ready" must mean the
// database is migrated and the port answers.
afterAll(cleanupTempDirs);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('server/src/main.ts under systemd', () => {
  let server: ChildProcess | null = null;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('is ready only once it answers, then pings the watchdog, and stops on SIGTERM', async () => {
    const dir = tempDir('kit-main-');
    const record = path.join(dir, 'calls');
    const port = await freePort();
    // On --ready, the fake notes what GET /api/health answers at that very moment.
    fs.writeFileSync(
      path.join(dir, 'systemd-notify'),
      `#!/bin/sh
if [ "$1" = --ready ]; then
  health=$("${process.execPath}" -e "fetch('http://127.0.0.1:${port}/api/health').then(r => r.json()).then(b => console.log(b.db), () => console.log('refused'))")
  printf '%s health=%s\\n' "$*" "$health" >>'${record}'
else
  printf '%s\\n' "$*" >>'${record}'
fi
`,
      { mode: 0o755 },
    );
    const calls = () => (fs.existsSync(record) ? fs.readFileSync(record, 'utf8').split('\n').filter(Boolean) : []);

    server = spawn(process.execPath, [path.join(REPO, 'server/src/main.ts')], {
      env: {
        PATH: `${dir}:${process.env.PATH}`,
        NOTIFY_SOCKET: '/run/systemd/notify',
        WATCHDOG_USEC: '400000',
        PORT: String(port),
        HOST: '127.0.0.1',
        KIT_DATA_DIR: path.join(dir, 'data'),
        KIT_WEB_DIR: path.join(dir, 'no-web'),
        KIT_ADMIN_PASSWORD: 'prueba-123',
        KIT_IS_KIT: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));

    const deadline = Date.now() + 15_000;
    while (!calls().some((c) => c.startsWith('--ready')) && Date.now() < deadline) await sleep(50);
    // (Its line may come after a first watchdog ping's: the fake takes a moment to ask the server.)
    expect(calls().find((c) => c.startsWith('--ready')), stderr).toBe('--ready health=ok');
    while (calls().filter((c) => c === 'WATCHDOG=1').length < 3 && Date.now() < deadline) await sleep(50);
    expect(calls().filter((c) => c === 'WATCHDOG=1').length).toBeGreaterThanOrEqual(3);
    expect(calls().filter((c) => c.startsWith('--ready'))).toHaveLength(1);

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    server = null;
  }, 30_000);
});
