import { type Cover, COVER_SIZE, RESOURCE_TYPES } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { findMedia } from '../../media/media-access.repo.ts';
import { storeEncodedPicture } from '../../media/ingest.ts';
import { insertMedia } from '../../media/media.repo.ts';
import { mediaUrl } from '../../media/media-url.ts';
import { imageLimiter, readPicture } from '../../media/pictures.ts';
import { releaseMedia, withStoreLock } from '../../media/release.ts';
import { sniff } from '../../media/sniff.ts';
import { mediaPath } from '../../media/store.ts';
import type { Viewer } from '../../access/viewer.ts';
import { assertAllowed } from '../../access/resource-actions.ts';
import { getModerated } from '../../catalog/resource-lookup.ts';
import { setResourceCover } from '../../catalog/resources.repo.ts';
import { findImageMedia } from './drafts.repo.ts';

export const COVER_QUALITY = 80;

export interface MadeCover {
  data: Buffer;
  width: number;
  height: number;
  /** the source picture's own size */
  source: { width: number | null; height: number | null };
}

/**
 * A cover from a picture (a buffer, or a stored file's path): decoded within
 * a pixel bound (a small file can claim a huge canvas), turned upright,
 * fitted inside COVER_SIZE × COVER_SIZE without enlarging, WebP. Re-encoding
 * also drops EXIF, so a photo's GPS position is not published with it.
 * Throws `unreadable` when it is not a picture sharp can read.
 */
export async function makeCover(input: Buffer | string, unreadable: () => AppError): Promise<MadeCover> {
  try {
    return await imageLimiter.run(async () => {
      const meta = await (await readPicture(input)).metadata();
      const { data, info } = await (await readPicture(input))
        .resize({ width: COVER_SIZE, height: COVER_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: COVER_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, source: { width: meta.width ?? null, height: meta.height ?? null } };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAVAILABLE') throw error;
    throw unreadable();
  }
}

/** The stored cover as the API describes it. */
export function coverOf(db: Db, resource: { cover_sha256: string | null; cover_custom: number }): Cover {
  const media = resource.cover_sha256 ? findImageMedia(db, resource.cover_sha256) : undefined;
  return {
    coverUrl: media ? mediaUrl(media.sha256, media.ext) : null,
    coverCustom: resource.cover_custom === 1,
    sha256: media?.sha256 ?? null,
    width: media?.width ?? null,
    height: media?.height ?? null,
  };
}

/** Stores a made cover (content-addressed); returns its sha256. Call inside withStoreLock. */
export async function storeCover(db: Db, dataDir: string, cover: MadeCover): Promise<string> {
  const stored = await storeEncodedPicture(dataDir, cover.data);
  insertMedia(db, { ...stored, width: cover.width, height: cover.height });
  return stored.sha256;
}

/**
 * POST /v2/resources/{id}/cover: a person's chosen cover. Only pictures (by
 * their first bytes, whatever the name or the client's claim), resized; the
 * owner while the resource can be edited, an admin at any time. The cover it
 * replaces is deleted if nothing else uses it.
 */
export async function setCustomCover(db: Db, dataDir: string, viewer: Viewer | null, id: number, upload: Buffer): Promise<Cover> {
  assertAllowed('edit', getModerated(db, id, viewer), viewer);
  const kind = sniff(upload.subarray(0, 16));
  if (!kind || kind.typeCode !== RESOURCE_TYPES.IMAGE) throw new AppError('COVER_NOT_ALLOWED', { field: 'file' });
  const cover = await makeCover(upload, () => new AppError('COVER_UNREADABLE', { field: 'file' }));
  return withStoreLock(async () => {
    const resource = getModerated(db, id, viewer);
    assertAllowed('edit', resource, viewer);
    const sha = await storeCover(db, dataDir, cover);
    setResourceCover(db, id, sha, true);
    if (resource.cover_sha256 !== sha) releaseMedia(db, dataDir, [resource.cover_sha256]);
    return coverOf(db, getModerated(db, id, viewer));
  });
}

/**
 * DELETE /v2/resources/{id}/cover: back to the automatic cover: made from the
 * picture itself for images, none (the type's placeholder) for the rest.
 */
export async function removeCustomCover(db: Db, dataDir: string, viewer: Viewer | null, id: number): Promise<Cover> {
  const before = getModerated(db, id, viewer);
  assertAllowed('edit', before, viewer);
  let auto: MadeCover | null = null;
  if (before.type_code === RESOURCE_TYPES.IMAGE && before.media_sha256) {
    const media = findMedia(db, before.media_sha256);
    if (media) auto = await makeCover(mediaPath(dataDir, media.sha256, media.ext), () => new AppError('FILE_UNREADABLE'));
  }
  return withStoreLock(async () => {
    const resource = getModerated(db, id, viewer);
    assertAllowed('edit', resource, viewer);
    const sha = auto ? await storeCover(db, dataDir, auto) : null;
    setResourceCover(db, id, sha, false);
    if (resource.cover_sha256 !== sha) releaseMedia(db, dataDir, [resource.cover_sha256]);
    return coverOf(db, getModerated(db, id, viewer));
  });
}
