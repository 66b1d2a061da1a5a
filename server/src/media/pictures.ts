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
 * bound, failing on a broken file, turned upright (unless `autoOrient` is
 * false: the orientation tag is then kept for the output). `animated` reads
 * every frame (the bound then counts them all), not only the first.
 */
export async function readPicture(input: Buffer | string, options: { animated?: boolean; autoOrient?: boolean } = {}): Promise<Sharp> {
  const sharp = await sharpLibrary();
  return sharp(input, { limitInputPixels: PICTURE_MAX_INPUT_PIXELS, failOn: 'error', autoOrient: options.autoOrient ?? true, animated: options.animated ?? false });
}

/** Quality of a photo original written again without its metadata: close to a phone camera's own. */
const ORIGINAL_QUALITY = 92;

/**
 * Writes to `output` a photo original (JPEG, PNG, WebP) without what its
 * metadata tells about its owner: the GPS position and the device's serial
 * numbers. sharp keeps or replaces EXIF only as a whole, so every EXIF, XMP
 * and IPTC field goes except the orientation tag, which is written again
 * (the pixels are not turned), and the colour profile: the photo looks the
 * same. False, and nothing written, when there is no such metadata or the
 * picture is of another format (a GIF carries none).
 */
export async function writeWithoutLocation(input: string, output: string): Promise<boolean> {
  return imageLimiter.run(async () => {
    const meta = await (await readPicture(input, { autoOrient: false })).metadata();
    if (!['jpeg', 'png', 'webp'].includes(meta.format) || (meta.exif === undefined && meta.xmp === undefined && meta.iptc === undefined)) return false;
    const picture = (await readPicture(input, { autoOrient: false, animated: (meta.pages ?? 1) > 1 }))
      .keepIccProfile()
      .withExif({ IFD0: { Orientation: String(meta.orientation ?? 1) } });
    const encoded = meta.format === 'jpeg' ? picture.jpeg({ quality: ORIGINAL_QUALITY }) : meta.format === 'png' ? picture.png({ palette: meta.isPalette }) : picture.webp({ quality: ORIGINAL_QUALITY });
    await encoded.toFile(output);
    return true;
  });
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
