/** Upload limit of a profile picture, checked while the bytes arrive. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Stored profile pictures: a square this many pixels wide, WebP. */
export const PROFILE_IMAGE_SIZE = 256;
export const PROFILE_IMAGE_QUALITY = 80;
