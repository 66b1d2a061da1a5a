import sharp, { type Sharp } from 'sharp';
import { ConcurrencyLimiter } from '../concurrency-limiter.ts';

/** sharp works on libuv's thread pool like argon2 and file reads: one picture at a time, server-wide (profile pictures and covers). */
export const imageLimiter = new ConcurrencyLimiter(1, 8);

/**
 * Decoding bound of every picture the kit re-encodes: a small file can claim
 * a huge canvas ("decompression bomb"). 50 megapixels covers any phone camera.
 */
const PICTURE_MAX_INPUT_PIXELS = 50_000_000;

/** A picture as every door that re-encodes one reads it: within the pixel bound, failing on a broken file, turned upright. */
export const readPicture = (input: Buffer | string): Sharp => sharp(input, { limitInputPixels: PICTURE_MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true });
