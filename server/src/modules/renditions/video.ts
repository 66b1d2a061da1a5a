import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors.ts';
import { jobLimitSeconds } from './bounds.ts';
import { h264Encoder, HARDWARE_H264, SOFTWARE_H264 } from './encoder.ts';
import { asFailure, checkCopy, ffmpeg } from './ffmpeg.ts';
import { writeWebp } from './image.ts';
import { inputArgs, MAX_PIXELS, type MediaInput } from './input.ts';
import { WORTH_KEEPING, type MadeRendition, type MakeContext } from './made.ts';
import { checkPlausible, isFastStart, playSeconds, probe, type MediaInfo } from './probe.ts';
import { ToolFailed } from './run-tool.ts';

/** The phone copy fits inside 854 × 480 (480p), either way up. */
export const VIDEO_SHORT_SIDE = 480;
export const VIDEO_LONG_SIDE = 854;
/**
 * Video bits per second, at most (x264 spends fewer on easy pictures), plus
 * AUDIO_BITRATE: about 650 kbit/s in all, so 30 Mbit/s of Wi-Fi carries
 * some 45 phones watching at once (docs/PERFORMANCE.md).
 */
export const VIDEO_MAX_BITRATE = 550_000;
export const AUDIO_BITRATE = 96_000;
/** A video an old phone plays as it is, no bigger than 480p and at most this many bits per second, is not encoded again. */
const LIGHT_BITRATE = 1_000_000;
const MAX_FPS = 30;
const POSTER_MAX_SIDE = VIDEO_LONG_SIDE;
/** The share of a job's progress the encode takes; the poster and the checks the rest. */
const ENCODE_SHARE = 0.9;

/** Fit inside the box without enlarging, whichever way up the frames are (after ffmpeg applies the phone's rotation). */
const FIT = `scale=w='if(gte(iw,ih),min(${VIDEO_LONG_SIDE},iw),min(${VIDEO_SHORT_SIDE},iw))':h='if(gte(iw,ih),min(${VIDEO_SHORT_SIDE},ih),min(${VIDEO_LONG_SIDE},ih))':force_original_aspect_ratio=decrease:force_divisible_by=2`;

export type VideoPlan = 'encode' | 'remux' | 'keep';

/** H.264 8-bit 4:2:0 with AAC or MP3 sound (or none) in MP4: what every phone's browser plays. HEVC, VP9 and 10-bit do not. */
export function playsEverywhere(info: MediaInfo, isMp4: boolean): boolean {
  const v = info.video;
  return (
    isMp4 &&
    v !== null &&
    v.codec === 'h264' &&
    (v.pixFmt === 'yuv420p' || v.pixFmt === 'yuvj420p') &&
    !/10|4:2:2|4:4:4/i.test(v.profile ?? '') &&
    (info.audio === null || info.audio.codec === 'aac' || info.audio.codec === 'mp3')
  );
}

/**
 * What a video needs: nothing when it already plays everywhere, is at most
 * 480p and LIGHT_BITRATE and has its index first; only its index moved first
 * (no re-encoding) when that is all it lacks; otherwise an encode.
 */
export function planVideo(info: MediaInfo, isMp4: boolean, fastStart: boolean): VideoPlan {
  const v = info.video;
  if (!v || !playsEverywhere(info, isMp4)) return 'encode';
  const light = Math.min(v.width, v.height) <= VIDEO_SHORT_SIDE && Math.max(v.width, v.height) <= VIDEO_LONG_SIDE && (info.bitrate ?? Number.POSITIVE_INFINITY) <= LIGHT_BITRATE;
  if (!light) return 'encode';
  return fastStart ? 'keep' : 'remux';
}

function encoderArgs(encoder: string, fps: number | null, threads: number): string[] {
  if (encoder === HARDWARE_H264) return ['-c:v', HARDWARE_H264, '-b:v', String(VIDEO_MAX_BITRATE)];
  const gop = String(Math.round(2 * Math.min(fps ?? MAX_FPS, MAX_FPS)));
  return [
    '-c:v', SOFTWARE_H264, '-preset', 'veryfast', '-profile:v', 'main', '-crf', '26',
    '-maxrate', String(VIDEO_MAX_BITRATE), '-bufsize', String(2 * VIDEO_MAX_BITRATE), '-g', gop, '-threads', String(threads),
  ];
}

/**
 * Every output frame is one the source has: frames closer than 1/MAX_FPS
 * are dropped, a gap is never filled with copies (a constant frame rate
 * would turn a few frames days apart into millions), so the encoder's work
 * follows the file's real content, not its claimed length.
 */
const FRAME_RATE = ['-fpsmax', String(MAX_FPS), '-fps_mode', 'vfr'];

function encodeArgs(source: MediaInput, out: string, info: MediaInfo, encoder: string, threads: number): string[] {
  const fps = info.video?.fps ?? null;
  const channels = info.audio?.channels ?? 2;
  return [
    ...inputArgs(source, threads),
    '-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1',
    '-vf', `${FIT},format=yuv420p`, '-filter_threads', String(threads), ...FRAME_RATE,
    ...encoderArgs(encoder, fps, threads),
    '-c:a', 'aac', '-b:a', String(AUDIO_BITRATE), ...(channels > 2 ? ['-ac', '2'] : []),
    '-max_muxing_queue_size', '1024', '-movflags', '+faststart', '-f', 'mp4', out,
  ];
}

/**
 * A video's phone copies: a ≤480p H.264 + AAC MP4 with its index first (or
 * the original with its index moved first, or nothing, as planVideo says),
 * and a poster frame. A file with no picture, with no frames, too big to
 * decode (at its start or at any later frame), claiming a length its bytes
 * cannot hold, or that ends early fails the job with its reason.
 */
export async function makeVideo(ctx: MakeContext, source: MediaInput, sourceBytes: number): Promise<MadeRendition[]> {
  const isMp4 = source.mime === 'video/mp4';
  const info = await probe(ctx.tools, source, ctx.signal);
  const v = info.video;
  if (!v) throw new AppError('RENDITION_NO_VIDEO');
  const duration = playSeconds(info, v);
  if (v.frames === 0 || duration === 0) throw new AppError('RENDITION_EMPTY');
  if (v.width * v.height > MAX_PIXELS) throw new AppError('RENDITION_TOO_LARGE');
  checkPlausible(info, sourceBytes);
  const fastStart = isMp4 && (await isFastStart(source.file));
  const limit = jobLimitSeconds(duration);
  let plan = planVideo(info, isMp4, fastStart);

  const made: MadeRendition[] = [];
  if (plan === 'encode') {
    const out = path.join(ctx.workDir, 'video.mp4');
    await encode(ctx, source, out, info, duration, limit);
    const copy = await checkCopy(ctx, out, 'video', duration);
    // Encoding a file every phone already plays only pays when the copy is clearly lighter.
    if (playsEverywhere(info, isMp4) && (await fsp.stat(out)).size >= sourceBytes * WORTH_KEEPING) plan = fastStart ? 'keep' : 'remux';
    else made.push({ kind: 'video', file: out, width: copy.video?.width ?? null, height: copy.video?.height ?? null, bitrate: copy.bitrate });
  }
  if (plan === 'remux') {
    const out = path.join(ctx.workDir, 'video.mp4');
    try {
      await ffmpeg(ctx, [...inputArgs(source), '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', out], duration, limit, (f) => ctx.onProgress(f * ENCODE_SHARE));
    } catch (error) {
      throw asFailure(error, 'RENDITION_UNREADABLE');
    }
    const copy = await checkCopy(ctx, out, 'video', duration);
    made.push({ kind: 'video', file: out, width: copy.video?.width ?? null, height: copy.video?.height ?? null, bitrate: copy.bitrate });
  }
  ctx.onProgress(ENCODE_SHARE);
  made.push(await poster(ctx, made[0] ? { file: made[0].file, mime: 'video/mp4' } : source, duration, limit));
  return made;
}

/** Encodes with the machine's H.264 encoder; if the Pi's hardware encoder refuses this file, with software. */
async function encode(ctx: MakeContext, source: MediaInput, out: string, info: MediaInfo, duration: number | null, limit: number): Promise<void> {
  const progress = (f: number) => ctx.onProgress(f * ENCODE_SHARE);
  const encoder = await h264Encoder(ctx.tools);
  try {
    await ffmpeg(ctx, encodeArgs(source, out, info, encoder, ctx.threads), duration, limit, progress);
  } catch (error) {
    if (!(error instanceof ToolFailed) || encoder === SOFTWARE_H264) throw asFailure(error, 'RENDITION_UNREADABLE');
    try {
      await ffmpeg(ctx, encodeArgs(source, out, info, SOFTWARE_H264, ctx.threads), duration, limit, progress);
    } catch (again) {
      throw asFailure(again, 'RENDITION_UNREADABLE');
    }
  }
}

/** A frame from the first second (or the first third of a shorter video), as a WebP picture. */
async function poster(ctx: MakeContext, video: MediaInput, duration: number | null, limit: number): Promise<MadeRendition> {
  const png = path.join(ctx.workDir, 'poster.png');
  const at = Math.min(1, (duration ?? 0) / 3);
  try {
    await ffmpeg(ctx, ['-ss', at.toFixed(3), ...inputArgs(video, ctx.threads), '-frames:v', '1', '-vf', FIT, '-f', 'image2', '-c:v', 'png', png], null, limit);
  } catch (error) {
    throw asFailure(error, 'RENDITION_UNREADABLE');
  }
  // ffmpeg ends without error and without a picture when no frame decodes.
  if (!(await fsp.stat(png).catch(() => null))) throw new AppError('RENDITION_UNREADABLE');
  const file = path.join(ctx.workDir, 'poster.webp');
  const size = await writeWebp(png, file, POSTER_MAX_SIDE);
  return { kind: 'poster', file, width: size.width, height: size.height, bitrate: null };
}
