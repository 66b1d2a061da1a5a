import { AppError } from '../../errors.ts';
import { REFUSALS } from './bounds.ts';
import type { MakeContext } from './made.ts';
import { playSeconds, probe, type MediaInfo } from './probe.ts';
import { runTool, ToolFailed } from './run-tool.ts';

/** ffmpeg quiet but for errors, its progress as key=value lines on stdout, never waiting on a terminal. */
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-y'];

/**
 * Runs ffmpeg for one step of a job: bounded by the job's time limit, the
 * stall watchdog and the decoders' refusals (REFUSALS), its inputs read as
 * input.ts says, progress read from its `out_time_us` lines and
 * reported as a share of `duration`. A disk that fills up is
 * RENDITION_NO_SPACE; any other failure is ToolFailed for the caller to name.
 */
export async function ffmpeg(ctx: MakeContext, args: readonly string[], duration: number | null, limitSeconds: number, progress?: (fraction: number) => void): Promise<void> {
  if (!ctx.tools.ffmpeg) throw new AppError('RENDITION_NO_TOOL');
  let buffered = '';
  try {
    await runTool(ctx.tools, ctx.tools.ffmpeg, [...QUIET, ...args], {
      limitSeconds,
      stallSeconds: ctx.stallSeconds,
      signal: ctx.signal,
      onStart: ctx.onStart,
      refusals: REFUSALS,
      onOutput: (text) => {
        buffered += text;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const micros = /^out_time_us=(\d+)/.exec(line)?.[1];
          if (micros && duration && progress) progress(Math.min(1, Number(micros) / 1e6 / duration));
        }
      },
    });
  } catch (error) {
    if (error instanceof ToolFailed && /No space left on device/i.test(error.stderr)) throw new AppError('RENDITION_NO_SPACE');
    throw error;
  }
}

/** A failed tool run as a job's reason; timeouts, stalls and aborts pass through. */
export function asFailure(error: unknown, code: 'RENDITION_FAILED' | 'RENDITION_UNREADABLE' = 'RENDITION_FAILED'): unknown {
  return error instanceof ToolFailed ? new AppError(code) : error;
}

/**
 * Reads back a copy ffmpeg made: it must hold the stream it was made for and
 * play as long as the original (within a second or 5 %). A shorter copy means
 * ffmpeg hit the end of a truncated or damaged file: RENDITION_UNREADABLE.
 */
export async function checkCopy(ctx: MakeContext, file: string, stream: 'video' | 'audio', expected: number | null): Promise<MediaInfo> {
  const made = await probe(ctx.tools, { file, mime: stream === 'video' ? 'video/mp4' : 'audio/mp4' }, ctx.signal);
  const found = stream === 'video' ? made.video : made.audio;
  if (!found) throw new AppError(stream === 'video' ? 'RENDITION_EMPTY' : 'RENDITION_NO_AUDIO');
  const seconds = playSeconds(made, found);
  if (expected !== null && expected > 0 && (seconds ?? 0) < expected - Math.max(1, expected * 0.05)) throw new AppError('RENDITION_UNREADABLE');
  return made;
}
