import fsp from 'node:fs/promises';
import { AppError } from '../../errors.ts';
import { MIN_BYTES_PER_SECOND, REFUSALS } from './bounds.ts';
import { inputArgs, type MediaInput } from './input.ts';
import { runTool, ToolFailed } from './run-tool.ts';
import type { Tools } from './tools.ts';

/** A file's streams as ffprobe reads them: what a job decides from. */
export interface MediaInfo {
  /** seconds; null when the container does not say */
  duration: number | null;
  /** the whole file's bits per second */
  bitrate: number | null;
  video: VideoStream | null;
  audio: AudioStream | null;
}

export interface VideoStream {
  codec: string;
  profile: string | null;
  pixFmt: string | null;
  width: number;
  height: number;
  /** frames per second */
  fps: number | null;
  bitrate: number | null;
  /** frames, when the container counts them */
  frames: number | null;
  duration: number | null;
}

export interface AudioStream {
  codec: string;
  bitrate: number | null;
  channels: number | null;
  duration: number | null;
}

/** ffprobe answers within this long for any file it can read at all. */
const PROBE_LIMIT_SECONDS = 60;
/** ffprobe decodes only a few frames: one thread holds one frame's memory at a time. */
const PROBE_THREADS = 1;

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  bit_rate?: string;
  nb_frames?: string;
  duration?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
}

const num = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** "30000/1001" → 29.97; "0/0" → null. */
function rate(text: string | undefined): number | null {
  const [a, b] = (text ?? '').split('/').map(Number);
  return a !== undefined && b !== undefined && a > 0 && b > 0 ? a / b : null;
}

/**
 * The file's first video stream (not an album cover, which ffprobe also calls
 * video) and first audio stream, read with the demuxer its type allows
 * (input.ts). A file ffprobe cannot read, or in which it
 * finds no stream, is RENDITION_UNREADABLE; one that reads but lasts no time
 * and holds no stream, RENDITION_EMPTY.
 */
export async function probe(tools: Tools, input: MediaInput, signal?: AbortSignal): Promise<MediaInfo> {
  if (!tools.ffprobe) throw new AppError('RENDITION_NO_TOOL');
  let out: string;
  try {
    out = await runTool(tools, tools.ffprobe, ['-v', 'error', '-hide_banner', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(input, PROBE_THREADS)], {
      limitSeconds: PROBE_LIMIT_SECONDS,
      refusals: REFUSALS,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ToolFailed) throw new AppError('RENDITION_UNREADABLE');
    throw error;
  }
  let parsed: { streams?: RawStream[]; format?: { duration?: string; bit_rate?: string } };
  try {
    parsed = JSON.parse(out) as typeof parsed;
  } catch {
    throw new AppError('RENDITION_UNREADABLE');
  }
  const streams = parsed.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1 && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  const a = streams.find((s) => s.codec_type === 'audio');
  const duration = num(parsed.format?.duration);
  // A container that reads but holds nothing (ffmpeg writes one when no frame came) is empty, not damaged.
  if (!v && !a) throw new AppError(parsed.format && duration === 0 ? 'RENDITION_EMPTY' : 'RENDITION_UNREADABLE');
  return {
    duration,
    bitrate: num(parsed.format?.bit_rate),
    video: v
      ? {
          codec: v.codec_name ?? 'desconocido',
          profile: v.profile ?? null,
          pixFmt: v.pix_fmt ?? null,
          width: v.width ?? 0,
          height: v.height ?? 0,
          fps: rate(v.avg_frame_rate) ?? rate(v.r_frame_rate),
          bitrate: num(v.bit_rate),
          frames: num(v.nb_frames),
          duration: num(v.duration),
        }
      : null,
    audio: a ? { codec: a.codec_name ?? 'desconocido', bitrate: num(a.bit_rate), channels: a.channels ?? null, duration: num(a.duration) } : null,
  };
}

/** How long a stream plays, from the stream itself, else the container. */
export const playSeconds = (info: MediaInfo, stream: { duration: number | null } | null): number | null => stream?.duration ?? info.duration;

/**
 * Whether an MP4's index (moov) comes before its media data (mdat), as a
 * phone needs to start playing at once and to seek over a slow link. Reads
 * only the top-level box headers (size and type), never the data.
 */
export async function isFastStart(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let at = 0;
    for (let boxes = 0; at + 8 <= size && boxes < 10_000; boxes++) {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      if (bytesRead < 8) return false;
      let length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat' || type === 'moof') return false;
      if (length === 1) {
        if (bytesRead < 16) return false;
        length = Number(header.readBigUInt64BE(8));
      } else if (length === 0) {
        return false;
      }
      if (length < 8) return false;
      at += length;
    }
    return false;
  } finally {
    await handle.close();
  }
}

/** The longest duration the file or any of its streams claims, refused (RENDITION_IMPLAUSIBLE) when its bytes cannot hold it. */
export function checkPlausible(info: MediaInfo, bytes: number): void {
  const claimed = Math.max(info.duration ?? 0, info.video?.duration ?? 0, info.audio?.duration ?? 0);
  if (claimed * MIN_BYTES_PER_SECOND > bytes) throw new AppError('RENDITION_IMPLAUSIBLE', { claimed, bytes });
}
