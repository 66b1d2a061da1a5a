/** Upload limit of a profile picture, checked while the bytes arrive. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Stored profile pictures: a square this many pixels wide, WebP. */
export const PROFILE_IMAGE_SIZE = 256;
export const PROFILE_IMAGE_QUALITY = 80;
/**
 * Decoding bound: a small file can claim a huge canvas ("decompression
 * bomb"). 50 megapixels covers any phone camera.
 */
export const PROFILE_IMAGE_MAX_INPUT_PIXELS = 50_000_000;

/** Where a user's picture is served; `v` changes with the picture so it can be cached for good. */
export const userImageUrl = (userId: number, sha256: string): string => `/api/v2/users/${userId}/image?v=${sha256.slice(0, 16)}`;
