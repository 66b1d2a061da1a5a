import type { Writable } from 'node:stream';
import type { LogFormat } from './config.ts';

/**
 * The server's log: pino JSON, one object a line, for journald on a kit and
 * for tests; readable lines for a person at a terminal (`make start`), where
 * JSON would bury what a newcomer needs in the first minute: the address to
 * open and the passwords printed once at the first start.
 */

/** Mark for the few records a person must not miss; drawn bold with `»` in readable lines, a plain field in JSON. */
export const HIGHLIGHT = { highlight: true } as const;

export function resolveLogFormat(setting: LogFormat, stdoutIsTTY: boolean): 'json' | 'pretty' {
  return setting === 'auto' ? (stdoutIsTTY ? 'pretty' : 'json') : setting;
}

/**
 * pino-pretty writing to standard output, synchronously so nothing is lost
 * when the process exits. Loaded only for a terminal: a kit logs JSON to
 * journald and never needs its 10 MB.
 */
export async function prettyLogStream(): Promise<Writable> {
  const { default: pinoPretty } = await import('pino-pretty');
  return pinoPretty({
    destination: 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,highlight',
    singleLine: true,
    messageFormat: (log, messageKey, _level, { colors }) => {
      const message = String(log[messageKey] ?? '');
      return log.highlight === true ? colors.bold(colors.greenBright(`» ${message}`)) : message;
    },
  });
}
