import type { Sharp } from 'sharp';
import { ConcurrencyLimiter } from '../concurrency-limiter.ts';
import { AppError } from '../errors.ts';

/** sharp works on libuv's thread pool like argon2 and file reads: one picture at a time, server-wide (every picture door and the phone copies). */
export const imageLimiter = new ConcurrencyLimiter(1, 8);

/**
 * Decoding bound of every picture the kit re-encodes: a small file can claim
 * a huge canvas ("decompression bomb"). 50 megapixels covers any phone camera.
 */
const PICTURE_MAX_INPUT_PIXELS = 50_000_000;

/**
 * A picture as every door that re-encodes one reads it: within the pixel
 * bound, failing on a broken file, turned upright. `animated` reads every
 * frame (the bound then counts them all), not only the first.
 */
export async function readPicture(input: Buffer | string, options: { animated?: boolean } = {}): Promise<Sharp> {
  const sharp = await sharpLibrary();
  return sharp(input, { limitInputPixels: PICTURE_MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true, animated: options.animated ?? false });
}

/** A picture's display copy fits inside this many pixels each way: sharp on a phone's screen, a fraction of a camera's bytes. */
export const DISPLAY_MAX_SIDE = 1280;
const DISPLAY_QUALITY = 80;

/**
 * What the kit stores of a picture whose original it does not keep (an ad's,
 * a banner): WebP inside DISPLAY_MAX_SIDE, never enlarged, upright, an
 * animation kept, without its EXIF (a photo's GPS position). Throws sharp's
 * error for a picture past the pixel bound or one that does not decode.
 */
export async function displayCopy(input: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  return imageLimiter.run(async () => {
    const { data, info } = await (await readPicture(input, { animated: true }))
      .resize({ width: DISPLAY_MAX_SIDE, height: DISPLAY_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: DISPLAY_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  });
}

/** sharp's refusal of a picture, as the API says it: past the pixel bound, or not a picture it can decode. */
export function pictureRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (/pixel limit/i.test((error as Error).message)) return new AppError('PICTURE_TOO_LARGE', { field: 'file', maxPixels: PICTURE_MAX_INPUT_PIXELS });
  return new AppError('PICTURE_UNREADABLE', { field: 'file' });
}

let library: Promise<typeof import('sharp').default> | undefined;

/**
 * sharp and libvips are loaded by the first picture, not at start: they hold
 * about 25 MB of a 1 GB Pi's memory and many days bring no picture. libvips'
 * operation cache is off: every picture here is decoded once, so the cache
 * (up to 50 MB by default) would only keep finished work resident.
 */
function sharpLibrary(): Promise<typeof import('sharp').default> {
  library ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return library;
}
