import type { FastifyBaseLogger } from 'fastify';
import { openNotifySocket, type NotifySocket } from './notify-socket.ts';

/**
 * Readiness and watchdog for systemd (`Type=notify`, `NotifyAccess=main`,
 * `WatchdogSec=` in systemd/kit-portal.service): this process sends the
 * notifications itself on NOTIFY_SOCKET (notify-socket.ts), so systemd
 * accepts them from the main process only and no child or script can speak
 * for the service. Call it once the port listens. Elsewhere (no
 * NOTIFY_SOCKET) it does nothing.
 *
 * The watchdog pings come from a timer on the event loop, so a loop that
 * hangs stops pinging and systemd restarts the server. The timer is unref'd:
 * it never keeps the process alive on its own.
 */
export interface SystemdNotifyOptions {
  /** the environment systemd gave the process (NOTIFY_SOCKET, WATCHDOG_USEC, WATCHDOG_PID) */
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

  let socket: NotifySocket | null = null;
  let warned = false;
  const notify = (message: string): void => {
    try {
      socket ??= openNotifySocket(env.NOTIFY_SOCKET ?? '');
      socket.send(message);
    } catch (error) {
      if (!warned) {
        warned = true; // once: a socket that refuses must not flood the journal every 15 s
        log?.warn({ err: error, message }, 'no se pudo notificar a systemd');
      }
    }
  };

  notify('READY=1');

  const intervalMs = watchdogInterval(env, pid);
  let timer: NodeJS.Timeout | null = null;
  if (intervalMs !== null) {
    timer = setInterval(() => notify('WATCHDOG=1'), intervalMs);
    timer.unref();
    log?.debug({ intervalMs }, 'watchdog de systemd activo');
  }

  return {
    watchdogIntervalMs: intervalMs,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      socket?.close();
      socket = null;
    },
  };
}
