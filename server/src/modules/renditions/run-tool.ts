import { spawn } from 'node:child_process';
import { childEnv } from '../../child-env.ts';
import { AppError, type ErrorCode } from '../../errors.ts';
import type { Tools } from './tools.ts';

/** What a tool printed on stderr, its last bytes only: for the log, never for users. */
const STDERR_KEEP = 4096;
/** ffprobe's JSON for any sane file is a few KB; a file that makes it print more is not one to trust. */
const STDOUT_MAX = 1024 * 1024;
/** The `timeout` wrapper's own limit lies a little past ours, so ours is normally the one that acts. */
const WRAPPER_GRACE_SECONDS = 10;
/**
 * Private writable memory (RLIMIT_DATA) a tool may use: decoding a 4K HEVC
 * video into a 480p copy takes about 320 MB, and a 1 GB Pi must keep the
 * rest for the portal. Past it an allocation fails and the tool ends with
 * an error instead of the kernel's OOM killer picking a process. Not the
 * address space (RLIMIT_AS): that also counts what is only reserved (each
 * thread's 64 MB malloc arena, libraries, stacks), so ordinary encodes need
 * over 800 MB of it and a ceiling there would not protect a 1 GB Pi.
 */
export const TOOL_MEMORY_BYTES = 512 * 1024 * 1024;

export interface RunLimits {
  /** wall-clock seconds the whole run may take */
  limitSeconds: number;
  /** killed when no output came for this long (a hung encoder); only with onOutput */
  stallSeconds?: number;
  /** each chunk of stdout, as it comes (ffmpeg's -progress lines) */
  onOutput?: (text: string) => void;
  /** the process group's id once it runs (kept in the job row, so a restart can end an orphan) */
  onStart?: (pid: number) => void;
  /** the server is closing, or the job's file went away: the run is killed */
  signal?: AbortSignal;
  /** stderr lines that end the run at once with their code (a decoder refusing a picture too big) */
  refusals?: ReadonlyArray<readonly [RegExp, ErrorCode]>;
}

export class ToolFailed extends Error {
  readonly exitCode: number | null;
  readonly stderr: string;
  constructor(exitCode: number | null, stderr: string) {
    super(`exit ${exitCode}: ${stderr.slice(-500)}`);
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

export class RunAborted extends Error {}

/**
 * The argv that runs `program args` at the lowest CPU and disk priority,
 * under a hard time limit that outlives this process and a memory ceiling:
 * timeout → prlimit → nice → ionice → program, each replacing itself with
 * the next (one process group).
 */
export function wrappedArgv(tools: Tools, program: string, args: readonly string[], limitSeconds: number): string[] {
  const argv: string[] = [];
  if (tools.timeout) argv.push(tools.timeout, '-s', 'KILL', String(Math.ceil(limitSeconds) + WRAPPER_GRACE_SECONDS));
  if (tools.prlimit) argv.push(tools.prlimit, `--data=${TOOL_MEMORY_BYTES}`);
  if (tools.nice) argv.push(tools.nice, '-n', '19');
  if (tools.ionice) argv.push(tools.ionice, '-c', '3');
  argv.push(program, ...args);
  return argv;
}

/** Ends a whole process group (the wrappers and the tool); gone already is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Runs a tool bounded in time, and in silence when `stallSeconds` is given:
 * past either bound its whole process group is killed and the run fails with
 * RENDITION_TIMEOUT or RENDITION_STALLED. A non-zero exit is ToolFailed.
 * Resolves with stdout (bounded) once the tool exits 0.
 */
export function runTool(tools: Tools, program: string, args: readonly string[], limits: RunLimits): Promise<string> {
  const [command = program, ...rest] = wrappedArgv(tools, program, args, limits.limitSeconds);
  return new Promise<string>((resolve, reject) => {
    if (limits.signal?.aborted) return reject(new RunAborted());
    // Its own process group (detached): one kill ends the wrappers and the tool together.
    const child = spawn(command, rest, { detached: true, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stdoutTooLong = false;
    let stderr = '';
    let stopped: AppError | RunAborted | null = null;
    let lastOutput = Date.now();
    const started = Date.now();

    const stop = (why: AppError | RunAborted) => {
      stopped ??= why;
      if (child.pid !== undefined) killGroup(child.pid);
    };
    const onAbort = () => stop(new RunAborted());
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    const watchdog = setInterval(() => {
      const now = Date.now();
      if (now - started > limits.limitSeconds * 1000) stop(new AppError('RENDITION_TIMEOUT'));
      else if (limits.stallSeconds !== undefined && now - lastOutput > limits.stallSeconds * 1000) stop(new AppError('RENDITION_STALLED'));
    }, 250);
    watchdog.unref();

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      lastOutput = Date.now();
      if (limits.onOutput) limits.onOutput(text);
      else if (stdout.length + text.length <= STDOUT_MAX) stdout += text;
      else stdoutTooLong = true;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEEP);
      const refused = limits.refusals?.find(([pattern]) => pattern.test(stderr));
      if (refused) stop(new AppError(refused[1]));
    });
    if (child.pid !== undefined) limits.onStart?.(child.pid);

    const done = () => {
      clearInterval(watchdog);
      limits.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      done();
      reject(error);
    });
    child.once('close', (code) => {
      done();
      if (stopped) return reject(stopped);
      if (code !== 0) return reject(new ToolFailed(code, stderr));
      if (stdoutTooLong) return reject(new ToolFailed(code, 'salida demasiado larga'));
      resolve(stdout);
    });
  });
}
