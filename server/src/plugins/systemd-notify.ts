import { execFile } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Readiness and watchdog for systemd (`Type=notify`, `NotifyAccess=all`,
 * `WatchdogSec=` in systemd/kit-portal.service) without a native addon: it
 * runs systemd's own `systemd-notify` (argv arrays, never a shell). Call it
 * once the port listens. Elsewhere (no NOTIFY_SOCKET) it does nothing.
 *
 * The watchdog pings come from a timer on the event loop, so a loop that
 * hangs stops pinging and systemd restarts the server. The timer is unref'd:
 * it never keeps the process alive on its own.
 */
export interface SystemdNotifyOptions {
  /** the environment systemd gave the process (NOTIFY_SOCKET, WATCHDOG_USEC, WATCHDOG_PID, PATH) */
  env?: NodeJS.ProcessEnv;
  log?: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
  /** the pid systemd expects the pings from when it sets WATCHDOG_PID */
  pid?: number;
}

export interface SystemdNotifier {
  /** milliseconds between watchdog pings, or null when systemd asked for none */
  readonly watchdogIntervalMs: number | null;
  stop(): void;
}

const COMMAND = 'systemd-notify';
const CALL_TIMEOUT_MS = 10_000;

/** Half of WATCHDOG_USEC in milliseconds, as sd_watchdog_enabled() reads it; null when not for this process. */
export function watchdogInterval(env: NodeJS.ProcessEnv, pid: number): number | null {
  const usec = Number(env.WATCHDOG_USEC);
  if (!env.WATCHDOG_USEC || !Number.isSafeInteger(usec) || usec <= 0) return null;
  // WATCHDOG_PID names the process systemd watches; a child that inherited the variables is not it.
  if (env.WATCHDOG_PID && Number(env.WATCHDOG_PID) !== pid) return null;
  return Math.max(1, Math.floor(usec / 2 / 1000));
}

export function startSystemdNotify({ env = process.env, log, pid = process.pid }: SystemdNotifyOptions = {}): SystemdNotifier | null {
  if (!env.NOTIFY_SOCKET) return null;

  let warned = false;
  const notify = (args: string[], done?: () => void): void => {
    execFile(COMMAND, args, { env, timeout: CALL_TIMEOUT_MS, windowsHide: true }, (error) => {
      done?.();
      if (error && !warned) {
        warned = true; // once: a missing systemd-notify must not flood the journal every 15 s
        log?.warn({ err: error, args }, 'systemd-notify falló');
      }
    });
  };

  notify(['--ready']);

  const intervalMs = watchdogInterval(env, pid);
  let timer: NodeJS.Timeout | null = null;
  if (intervalMs !== null) {
    let inFlight = false;
    timer = setInterval(() => {
      // Never pile up processes if one ping is slow; the next tick tries again.
      if (inFlight) return;
      inFlight = true;
      notify(['WATCHDOG=1'], () => {
        inFlight = false;
      });
    }, intervalMs);
    timer.unref();
    log?.debug({ intervalMs }, 'watchdog de systemd activo');
  }

  return {
    watchdogIntervalMs: intervalMs,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
