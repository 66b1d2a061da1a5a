import type { Sharp } from 'sharp';
import { ConcurrencyLimiter } from '../concurrency-limiter.ts';

/** sharp works on libuv's thread pool like argon2 and file reads: one picture at a time, server-wide (profile pictures and covers). */
export const imageLimiter = new ConcurrencyLimiter(1, 8);

/**
 * Decoding bound of every picture the kit re-encodes: a small file can claim
 * a huge canvas ("decompression bomb"). 50 megapixels covers any phone camera.
 */
const PICTURE_MAX_INPUT_PIXELS = 50_000_000;

/** A picture as every door that re-encodes one reads it: within the pixel bound, failing on a broken file, turned upright. */
export async function readPicture(input: Buffer | string): Promise<Sharp> {
  const sharp = await sharpLibrary();
  return sharp(input, { limitInputPixels: PICTURE_MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true });
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
