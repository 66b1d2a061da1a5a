import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../../test/kit/kit-helpers.ts';
import { startSystemdNotify, type SystemdNotifier, watchdogInterval } from './systemd-notify.ts';

// The module runs systemd's `systemd-notify`; here a fake one first on PATH
// records each call (a real process, with the time it ran).
afterAll(cleanupTempDirs);

interface Call {
  at: number;
  socket: string;
  args: string;
}

function fakeSystemdNotify(): { env: NodeJS.ProcessEnv; calls: () => Call[] } {
  const dir = tempDir('kit-notify-');
  const record = path.join(dir, 'calls');
  fs.writeFileSync(
    path.join(dir, 'systemd-notify'),
    `#!/bin/sh\nprintf '%s\\t%s\\t%s\\n' "$(date +%s%3N)" "$NOTIFY_SOCKET" "$*" >>'${record}'\n`,
    { mode: 0o755 },
  );
  return {
    env: { PATH: `${dir}:${process.env.PATH}`, NOTIFY_SOCKET: '/run/systemd/notify' },
    calls: () =>
      fs.existsSync(record)
        ? fs
            .readFileSync(record, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => {
              const [at, socket, args] = line.split('\t');
              return { at: Number(at), socket: socket!, args: args! };
            })
        : [],
  };
}

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
afterEach(() => {
  notifier?.stop();
  notifier = null;
});

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

describe('startSystemdNotify', () => {
  it('does nothing at all outside systemd (no NOTIFY_SOCKET)', async () => {
    const fake = fakeSystemdNotify();
    notifier = startSystemdNotify({ env: { ...fake.env, NOTIFY_SOCKET: undefined, WATCHDOG_USEC: '100000' } });
    expect(notifier).toBeNull();
    await sleep(200);
    expect(fake.calls()).toEqual([]);
  });

  it('tells systemd it is ready, once, through systemd-notify --ready with the same NOTIFY_SOCKET', async () => {
    const fake = fakeSystemdNotify();
    notifier = startSystemdNotify({ env: fake.env });
    expect(notifier?.watchdogIntervalMs).toBeNull();
    const calls = await until(() => fake.calls().length > 0 && fake.calls());
    await sleep(200);
    expect(fake.calls()).toEqual([{ at: calls[0]!.at, socket: '/run/systemd/notify', args: '--ready' }]);
  });

  it('pings the watchdog every WATCHDOG_USEC/2 until stopped', async () => {
    const fake = fakeSystemdNotify();
    notifier = startSystemdNotify({ env: { ...fake.env, WATCHDOG_USEC: '200000' } });
    expect(notifier?.watchdogIntervalMs).toBe(100);
    await until(() => fake.calls().filter((c) => c.args === 'WATCHDOG=1').length >= 4);
    expect(fake.calls()[0]!.args).toBe('--ready');
    notifier!.stop();
    await sleep(500); // a ping already under way may still land
    const afterStop = fake.calls().length;
    await sleep(400);
    expect(fake.calls()).toHaveLength(afterStop);
  });

  it('stops pinging while the event loop is stuck, so systemd sees the hang', async () => {
    const fake = fakeSystemdNotify();
    notifier = startSystemdNotify({ env: { ...fake.env, WATCHDOG_USEC: '200000' } });
    await until(() => fake.calls().filter((c) => c.args === 'WATCHDOG=1').length >= 2);
    const blockedFrom = Date.now();
    while (Date.now() - blockedFrom < 1_500) {
      // a hung request handler
    }
    const blockedUntil = Date.now();
    await until(() => fake.calls().some((c) => c.at > blockedUntil));
    // A process started just before the hang may write its line a little later; none after that.
    const duringHang = fake.calls().filter((c) => c.at > blockedFrom + 700 && c.at < blockedUntil);
    expect(duringHang).toEqual([]);
  });

  it('sends nothing when WATCHDOG_PID is another process', async () => {
    const fake = fakeSystemdNotify();
    notifier = startSystemdNotify({ env: { ...fake.env, WATCHDOG_USEC: '100000', WATCHDOG_PID: '1' } });
    await sleep(400);
    expect(fake.calls().map((c) => c.args)).toEqual(['--ready']);
  });

  it('warns once, and goes on, when systemd-notify cannot run', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (obj: object) => warnings.push(obj), debug: () => {} };
    notifier = startSystemdNotify({ env: { PATH: tempDir('kit-empty-'), NOTIFY_SOCKET: '/run/x', WATCHDOG_USEC: '100000' }, log: log as never });
    await sleep(500);
    expect(warnings).toHaveLength(1);
  });

  it('never keeps the process alive by itself (the timer is unref’d)', () => {
    const fake = fakeSystemdNotify();
    const script = `import { startSystemdNotify } from ${JSON.stringify(path.join(import.meta.dirname, 'systemd-notify.ts'))};
startSystemdNotify({ env: { ...process.env, WATCHDOG_USEC: '100000' } });`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...fake.env }, timeout: 10_000, encoding: 'utf8' });
    expect(child.error).toBeUndefined(); // not killed by the timeout
    expect(child.status, child.stderr).toBe(0);
    expect(fake.calls().map((c) => c.args)).toContain('--ready');
  });
});
