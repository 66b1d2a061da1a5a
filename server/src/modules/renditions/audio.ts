import path from 'node:path';
import { AppError } from '../../errors.ts';
import { jobLimitSeconds } from './bounds.ts';
import { asFailure, checkCopy, ffmpeg } from './ffmpeg.ts';
import { inputArgs, type MediaInput } from './input.ts';
import type { MadeRendition, MakeContext } from './made.ts';
import { checkPlausible, playSeconds, probe, type MediaInfo } from './probe.ts';

/** AAC at this rate is clear for speech and music on a phone's speaker or cheap earphones. */
export const COMPACT_AUDIO_BITRATE = 96_000;
/** Sound above this many bits per second is well above that need: a compact copy pays. */
const ABOVE_NEED_BITRATE = 192_000;
/** Compressed formats every phone plays. */
const PLAYABLE = new Set(['mp3', 'aac', 'vorbis', 'opus']);

/** Uncompressed or lossless sound, sound far above a phone's need, or a format phones do not all play. */
export function needsCompactCopy(info: MediaInfo): boolean {
  const a = info.audio;
  if (!a) return false;
  return !PLAYABLE.has(a.codec) || (a.bitrate ?? info.bitrate ?? 0) > ABOVE_NEED_BITRATE;
}

/**
 * A sound's compact copy (AAC in M4A, index first) when needsCompactCopy
 * says so; nothing otherwise. A file without sound, whose sound lasts no
 * time, or that claims a length its bytes cannot hold fails the job with its
 * reason.
 */
export async function makeAudio(ctx: MakeContext, source: MediaInput, sourceBytes: number): Promise<MadeRendition[]> {
  const info = await probe(ctx.tools, source, ctx.signal);
  if (!info.audio) throw new AppError('RENDITION_NO_AUDIO');
  const duration = playSeconds(info, info.audio);
  if (duration === 0) throw new AppError('RENDITION_EMPTY');
  checkPlausible(info, sourceBytes);
  if (!needsCompactCopy(info)) return [];
  const out = path.join(ctx.workDir, 'audio.m4a');
  const stereo = (info.audio.channels ?? 2) > 2 ? ['-ac', '2'] : [];
  try {
    // The iPod muxer writes the M4A brand: the file is typed as sound by its bytes.
    await ffmpeg(
      ctx,
      [...inputArgs(source, ctx.threads), '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-c:a', 'aac', '-b:a', String(COMPACT_AUDIO_BITRATE), ...stereo, '-movflags', '+faststart', '-f', 'ipod', out],
      duration,
      jobLimitSeconds(duration),
      ctx.onProgress,
    );
  } catch (error) {
    throw asFailure(error, 'RENDITION_UNREADABLE');
  }
  const copy = await checkCopy(ctx, out, 'audio', duration);
  return [{ kind: 'audio', file: out, width: null, height: null, bitrate: copy.bitrate }];
}
