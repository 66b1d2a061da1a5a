import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/*
 * Real media made by ffmpeg inside the test that uses it: small and short
 * so the tests stay fast, and shaped like what phones record (a moving
 * picture with camera-like noise, a tone, the index at the end).
 */

const run = promisify(execFile);

export interface ClipOptions {
  width: number;
  height: number;
  seconds: number;
  /** 'h264' (a phone's default) or 'hevc' (newer phones' "high efficiency") */
  codec?: 'h264' | 'hevc';
  /** bits per second, e.g. '12M' */
  bitrate: string;
  /** index (moov) before the data; phones write it after */
  fastStart?: boolean;
  audio?: boolean;
}

const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });

export async function makeClip(file: string, o: ClipOptions): Promise<string> {
  const audio = o.audio ?? true;
  const codec =
    o.codec === 'hevc'
      ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error']
      : ['-c:v', 'libx264', '-preset', 'ultrafast'];
  await ffmpeg([
    '-f', 'lavfi', '-i', `testsrc2=s=${o.width}x${o.height}:r=30:d=${o.seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=f=440:d=${o.seconds}`] : []),
    '-vf', 'noise=alls=12:allf=t,format=yuv420p',
    ...codec, '-b:v', o.bitrate, '-maxrate', o.bitrate, '-bufsize', o.bitrate,
    ...(audio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
    ...(o.fastStart ? ['-movflags', '+faststart'] : []),
    '-f', 'mp4', file,
  ]);
  return file;
}

/** A camera-sized JPEG: a detailed picture with noise, as big in bytes as a phone's photo. */
export async function makePhoto(file: string, width: number, height: number): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}`, '-frames:v', '1', '-vf', 'noise=alls=25:allf=t', '-q:v', '2', '-f', 'image2', file]);
  return file;
}

/** A sound: 'wav' (uncompressed, far above a phone's need) or 'mp3' at 64 kbit/s. */
export async function makeSound(file: string, seconds: number, kind: 'wav' | 'mp3'): Promise<string> {
  const codec = kind === 'wav' ? ['-c:a', 'pcm_s16le', '-f', 'wav'] : ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'];
  await ffmpeg(['-f', 'lavfi', '-i', `sine=f=330:d=${seconds}`, '-ac', '2', '-ar', '44100', ...codec, file]);
  return file;
}

/** An MP4 holding only sound: a "video" by its first bytes, with no picture. */
export async function makeSoundOnlyMp4(file: string, seconds: number): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `sine=f=330:d=${seconds}`, '-c:a', 'aac', '-f', 'mp4', file]);
  return file;
}

/** What ffmpeg writes when no frame arrives: an MP4 with no stream and no length. */
export async function makeEmptyMp4(file: string): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=blue:s=320x240:r=25', '-frames:v', '0', '-c:v', 'libx264', '-f', 'mp4', file]);
  return file;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/**
 * A picture bomb: a valid PNG of side × side black pixels (1 bit each, so
 * the file is a few KB) that decodes to side² pixels, gigabytes in memory.
 */
export function makePictureBomb(file: string, side: number): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // Every row: its filter byte, then its bits, all zero.
  const idat = zlib.deflateSync(Buffer.alloc(side * (1 + Math.ceil(side / 8))), { level: 9 });
  fs.writeFileSync(file, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]));
  return file;
}

export interface Probed {
  format: { duration?: string; bit_rate?: string; size?: string };
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; bit_rate?: string }>;
}

/** What ffprobe says of a file, for the tests' own checks. */
export async function ffprobe(file: string): Promise<Probed> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout) as Probed;
}
