import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';
import { AppError } from '../../errors.ts';
import { DISPLAY_MAX_SIDE, imageLimiter, readPicture } from '../../media/pictures.ts';
import { WORTH_KEEPING, type MadeRendition } from './made.ts';

const DISPLAY_QUALITY = 80;
/** A picture this small in bytes and pixels is already light: shown as it is. */
const LIGHT_BYTES = 300 * 1024;
/** libvips stops a picture that takes longer (a crafted file can make decoding crawl). */
const IMAGE_LIMIT_SECONDS = 120;

/** sharp's refusals as a job's reasons: a picture bomb, a time limit, or a file it cannot decode. */
function asFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const message = (error as Error).message;
  if (/pixel limit/i.test(message)) return new AppError('RENDITION_TOO_LARGE');
  if (/timeout/i.test(message)) return new AppError('RENDITION_TIMEOUT');
  return new AppError('RENDITION_UNREADABLE');
}

/**
 * Any picture sharp reads (a stored picture, a video frame) as WebP fitted
 * inside `maxSide` × `maxSide`, upright, never enlarged, without its EXIF (a
 * photo's GPS position stays out of the copy). Within the same pixel bound
 * as every picture the kit decodes, and a time limit.
 */
export async function writeWebp(input: string, output: string, maxSide: number): Promise<{ width: number; height: number }> {
  try {
    const info = await imageLimiter.run(async () =>
      (await readPicture(input))
        .timeout({ seconds: IMAGE_LIMIT_SECONDS })
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: DISPLAY_QUALITY })
        .toFile(output),
    );
    return { width: info.width, height: info.height };
  } catch (error) {
    throw asFailure(error);
  }
}

/**
 * A picture's display copy, when the original is heavier than a phone needs:
 * over DISPLAY_MAX_SIDE either way, or over LIGHT_BYTES. Animated pictures are
 * left as they are (a still copy would lose the animation), and so is any copy
 * that would not be clearly lighter. A picture bomb or a file that does not
 * decode fails with its reason; the original stays.
 */
export async function makeImage(source: string, sourceBytes: number, workDir: string): Promise<MadeRendition[]> {
  let meta: Metadata;
  try {
    meta = await imageLimiter.run(async () => (await readPicture(source)).metadata());
  } catch (error) {
    throw asFailure(error);
  }
  if ((meta.pages ?? 1) > 1) return [];
  const { width, height } = meta.autoOrient;
  if (width <= DISPLAY_MAX_SIDE && height <= DISPLAY_MAX_SIDE && sourceBytes <= LIGHT_BYTES) return [];
  const file = path.join(workDir, 'display.webp');
  const made = await writeWebp(source, file, DISPLAY_MAX_SIDE);
  if ((await fsp.stat(file)).size >= sourceBytes * WORTH_KEEPING) return [];
  return [{ kind: 'image', file, width: made.width, height: made.height, bitrate: null }];
}
