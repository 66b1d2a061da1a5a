import { AppError } from '../../errors.ts';

/** A file ffmpeg or ffprobe reads, with its type as its bytes say (media/file-type.ts). */
export interface MediaInput {
  file: string;
  mime: string;
}

/**
 * ffmpeg's demuxer for each sound and video type the kit stores. Left to
 * itself ffmpeg picks the demuxer by the content, and a playlist demuxer
 * (hls, concat…) opens other files by name: an "MP3" that is an ID3 tag and
 * an HLS playlist would read another user's stored file into its own copy.
 */
const DEMUXERS: Readonly<Record<string, string>> = {
  'video/mp4': 'mov',
  'audio/mp4': 'mov',
  'video/webm': 'matroska',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
};

/** Pixels of one decoded picture, at most: 4K (a crafted header or a later key frame can claim any size). */
export const MAX_PIXELS = 4096 * 2304;

/**
 * The input options that read `input` and nothing else: the demuxer its type
 * allows, only the file protocol (no network, no playlist reaching other
 * paths), the path as a file URL (a name is never taken for a protocol).
 * ffmpeg's decoders also get `decodeThreads` threads at most and refuse any
 * picture over MAX_PIXELS, whenever in the file it comes.
 */
export function inputArgs(input: MediaInput, decodeThreads?: number): string[] {
  const demuxer = DEMUXERS[input.mime];
  if (!demuxer) throw new AppError('RENDITION_UNREADABLE', { mime: input.mime });
  const decoder = decodeThreads === undefined ? [] : ['-threads', String(decodeThreads)];
  return ['-f', demuxer, '-protocol_whitelist', 'file', '-max_pixels', String(MAX_PIXELS), ...decoder, '-i', `file:${input.file}`];
}
