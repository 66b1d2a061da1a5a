import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, REPO, tempDir, which } from './kit-helpers.ts';
import { startNotifyReceiver, type NotifyReceiver } from './notify-receiver.ts';

// The real server (server/src/main.ts) started as kit-portal.service starts
// it, with a stand-in for systemd's notification socket that records who sent
// each datagram (the kernel's word, as systemd reads it for NotifyAccess=main)
// and, the moment READY=1 arrives, asks the server's health endpoint: "ready"
// must mean the database is migrated and the port answers.
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

describe.skipIf(!which('python3'))(`server/src/main.ts under systemd${which('python3') ? '' : ' (skipped: the notification socket stand-in needs python3, scripts/ensure-test-tools.sh)'}`, () => {
  let server: ChildProcess | null = null;
  let receiver: NotifyReceiver | null = null;
  afterAll(() => {
    server?.kill('SIGKILL');
    receiver?.close();
  });

  it('is ready only once it answers, pings the watchdog, all from its own process, and stops on SIGTERM', async () => {
    const dir = tempDir('kit-main-');
    const port = await freePort();
    receiver = await startNotifyReceiver({ askOnReady: `http://127.0.0.1:${port}/api/health` });
    const r = receiver;

    server = spawn(process.execPath, [path.join(REPO, 'server/src/main.ts')], {
      env: {
        PATH: process.env.PATH,
        NOTIFY_SOCKET: r.socket,
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

    let gone = false;
    void exited.then(() => (gone = true));
    const pings = () => r.messages().filter((m) => m.message === 'WATCHDOG=1');
    // Until three pings or the server's end: a start takes over ten seconds on a busy machine (the test's limit stops a hang).
    while (pings().length < 3 && !gone) await sleep(50);
    const ready = r.messages().filter((m) => m.message === 'READY=1');
    expect(ready, stderr).toHaveLength(1);
    expect(JSON.parse(ready[0]!.answer ?? '{}')).toMatchObject({ db: 'ok' });
    expect(pings().length).toBeGreaterThanOrEqual(3);
    // every datagram from the main process itself: NotifyAccess=main takes nothing else
    expect(new Set(r.messages().map((m) => m.pid))).toEqual(new Set([server.pid]));

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    server = null;
  }, 150_000);
});
