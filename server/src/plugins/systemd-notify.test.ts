import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir, which } from '../../test/kit/kit-helpers.ts';
import { startNotifyReceiver, type NotifyReceiver } from '../../test/kit/notify-receiver.ts';
import { socketAddress } from './notify-socket.ts';
import { startSystemdNotify, type SystemdNotifier, watchdogInterval } from './systemd-notify.ts';

// The notifications go to a real unix datagram socket that records each one
// with the sender's pid as the kernel reports it: systemd accepts only the
// main process's under NotifyAccess=main, so every one must come from this
// process itself, never from a helper it starts.
afterAll(cleanupTempDirs);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

let notifier: SystemdNotifier | null = null;
let receiver: NotifyReceiver | null = null;
afterEach(() => {
  notifier?.stop();
  notifier = null;
  receiver?.close();
  receiver = null;
});

const listen = async (options: { abstract?: boolean } = {}) => (receiver = await startNotifyReceiver(options));
const sent = (r: NotifyReceiver) => r.messages().map((m) => m.message);

describe('watchdogInterval', () => {
  it('is half of WATCHDOG_USEC, in milliseconds', () => {
    expect(watchdogInterval({ WATCHDOG_USEC: '30000000' }, 42)).toBe(15_000);
  });

  it('is null without a watchdog, with a bad value, or when WATCHDOG_PID names another process', () => {
    expect(watchdogInterval({}, 42)).toBeNull();
    expect(watchdogInterval({ WATCHDOG_USEC: 'mucho' }, 42)).toBeNull();
    expect(watchdogInterval({ WATCHDOG_USEC: '0' }, 42)).toBeNull();
    expect(watchdogInterval({ WATCHDOG_USEC: '30000000', WATCHDOG_PID: '7' }, 42)).toBeNull();
    expect(watchdogInterval({ WATCHDOG_USEC: '30000000', WATCHDOG_PID: '42' }, 42)).toBe(15_000);
  });
});

describe('socketAddress', () => {
  it('is a sockaddr_un with the path and its NUL, or the abstract name after a NUL', () => {
    expect(socketAddress('/run/systemd/notify')).toEqual(Buffer.concat([Buffer.from([1, 0]), Buffer.from('/run/systemd/notify\0')]));
    expect(socketAddress('@kit')).toEqual(Buffer.from([1, 0, 0, ...Buffer.from('kit')]));
    expect(() => socketAddress('relativa')).toThrow(/ruta absoluta/);
    expect(() => socketAddress(`/${'x'.repeat(120)}`)).toThrow(/demasiado largo/);
  });
});

describe.skipIf(!which('python3'))(`startSystemdNotify${which('python3') ? '' : ' (skipped: the notification socket stand-in needs python3, scripts/ensure-test-tools.sh)'}`, () => {
  it('does nothing at all outside systemd (no NOTIFY_SOCKET)', async () => {
    const r = await listen();
    notifier = startSystemdNotify({ env: { WATCHDOG_USEC: '100000' } });
    expect(notifier).toBeNull();
    await sleep(200);
    expect(r.messages()).toEqual([]);
  });

  it('tells systemd it is ready, once, from this very process', async () => {
    const r = await listen();
    notifier = startSystemdNotify({ env: { NOTIFY_SOCKET: r.socket } });
    expect(notifier?.watchdogIntervalMs).toBeNull();
    await until(() => r.messages().length > 0);
    await sleep(200);
    expect(r.messages().map(({ pid, message }) => ({ pid, message }))).toEqual([{ pid: process.pid, message: 'READY=1' }]);
  });

  it('speaks on an abstract socket too (NOTIFY_SOCKET=@name)', async () => {
    const r = await listen({ abstract: true });
    notifier = startSystemdNotify({ env: { NOTIFY_SOCKET: r.socket } });
    await until(() => r.messages().length > 0);
    expect(r.messages()[0]).toMatchObject({ pid: process.pid, message: 'READY=1' });
  });

  it('pings the watchdog every WATCHDOG_USEC/2 from this process until stopped', async () => {
    const r = await listen();
    notifier = startSystemdNotify({ env: { NOTIFY_SOCKET: r.socket, WATCHDOG_USEC: '200000' } });
    expect(notifier?.watchdogIntervalMs).toBe(100);
    await until(() => sent(r).filter((m) => m === 'WATCHDOG=1').length >= 4);
    expect(sent(r)[0]).toBe('READY=1');
    expect(new Set(r.messages().map((m) => m.pid))).toEqual(new Set([process.pid]));
    notifier!.stop();
    await sleep(300); // a datagram already on its way may still land
    const afterStop = r.messages().length;
    await sleep(400);
    expect(r.messages()).toHaveLength(afterStop);
  });

  it('stops pinging while the event loop is stuck, so systemd sees the hang', async () => {
    const r = await listen();
    notifier = startSystemdNotify({ env: { NOTIFY_SOCKET: r.socket, WATCHDOG_USEC: '200000' } });
    await until(() => sent(r).filter((m) => m === 'WATCHDOG=1').length >= 2);
    const blockedFrom = Date.now();
    while (Date.now() - blockedFrom < 1_500) {
      // a hung request handler
    }
    const blockedUntil = Date.now();
    await until(() => r.messages().some((m) => m.at > blockedUntil));
    // The receiver may stamp a datagram sent just before the hang a little later; none after that.
    const duringHang = r.messages().filter((m) => m.at > blockedFrom + 700 && m.at < blockedUntil);
    expect(duringHang).toEqual([]);
  });

  it('sends no pings when WATCHDOG_PID is another process', async () => {
    const r = await listen();
    notifier = startSystemdNotify({ env: { NOTIFY_SOCKET: r.socket, WATCHDOG_USEC: '100000', WATCHDOG_PID: '1' } });
    await sleep(400);
    expect(sent(r)).toEqual(['READY=1']);
  });

  it('warns once, and goes on, when nobody listens on NOTIFY_SOCKET', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (obj: object) => warnings.push(obj), debug: () => {} };
    notifier = startSystemdNotify({ env: { NOTIFY_SOCKET: path.join(tempDir('kit-nobody-'), 'notify'), WATCHDOG_USEC: '100000' }, log: log as never });
    await sleep(500);
    expect(warnings).toHaveLength(1);
    expect(String((warnings[0] as { err: Error }).err.message)).toMatch(/ENOENT/);
  });

  it('never keeps the process alive by itself (the timer is unref’d), and the child is the one that speaks', async () => {
    const r = await listen();
    const script = `import { startSystemdNotify } from ${JSON.stringify(path.join(import.meta.dirname, 'systemd-notify.ts'))};
startSystemdNotify({ env: { ...process.env, WATCHDOG_USEC: '100000' } });`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NOTIFY_SOCKET: r.socket }, timeout: 60_000, encoding: 'utf8' });
    expect(child.error).toBeUndefined(); // not killed by the timeout
    expect(child.status, child.stderr).toBe(0);
    await until(() => r.messages().length > 0);
    expect(r.messages()[0]).toMatchObject({ pid: child.pid, message: 'READY=1' });
  });
});
