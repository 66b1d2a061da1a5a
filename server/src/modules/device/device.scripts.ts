import { execFile } from 'node:child_process';
import path from 'node:path';
import { childEnv } from '../../child-env.ts';

export interface ProgramResult {
  /** exit code; null when it could not start, was killed or timed out */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** why it could not start (ENOENT, EACCES…) */
  spawnError: string | null;
}


/**
 * Runs a program with an argv array (execFile: no shell, so no word of the
 * arguments is ever interpreted) and a time limit; never throws.
 */
export function runProgram(file: string, args: readonly string[], { timeoutMs }: { timeoutMs: number }): Promise<ProgramResult> {
  return new Promise((resolve) => {
    execFile(file, [...args], { env: childEnv(), timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 256 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve({ code: 0, stdout, stderr, timedOut: false, spawnError: null });
      const failure = error as NodeJS.ErrnoException & { code?: number | string; killed?: boolean };
      resolve({
        code: typeof failure.code === 'number' ? failure.code : null,
        stdout: stdout ?? '',
        stderr: stderr ?? '',
        timedOut: failure.killed === true,
        spawnError: typeof failure.code === 'string' ? failure.code : null,
      });
    });
  });
}

/** The kit's helper scripts, the only programs device control runs (besides iw for reading). */
export type KitScript = 'kit-power' | 'kit-hotspot' | 'kit-clock' | 'kit-wifi';

export function runKitScript(scriptsDir: string, script: KitScript, args: readonly string[], timeoutMs: number): Promise<ProgramResult> {
  return runProgram(path.join(scriptsDir, script), args, { timeoutMs });
}

/** One line for the log and the status page. */
export function describeResult(result: ProgramResult): string {
  if (result.spawnError) return `no se pudo ejecutar (${result.spawnError})`;
  if (result.timedOut) return 'tiempo agotado';
  const detail = result.stderr.trim().split('\n').at(-1)?.slice(0, 200) ?? '';
  return `terminó con código ${result.code ?? '?'}${detail ? `: ${detail}` : ''}`;
}
