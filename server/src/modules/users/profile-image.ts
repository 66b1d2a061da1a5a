import { RESOURCE_TYPES } from '@kit/contract';
import type { UserImage } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { storeEncodedPicture } from '../../media/ingest.ts';
import { insertMedia } from '../../media/media.repo.ts';
import { sniff } from '../../media/sniff.ts';
import { imageLimiter, readPicture } from '../../media/pictures.ts';
import { PROFILE_IMAGE_QUALITY, PROFILE_IMAGE_SIZE } from './users.constants.ts';
import { userImageUrl } from '../../media/media-url.ts';
import { setUserImage } from './users.repo.ts';


/**
 * Only what the first bytes say is a picture (JPEG, PNG, GIF, WebP), whatever
 * the name or the client's Content-Type claim. Decoded within a pixel bound,
 * turned upright, cropped square to 256 px and re-encoded as WebP, which also
 * drops EXIF (a phone photo's GPS position never reaches the kit's disk).
 */
export async function toProfileWebp(input: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const kind = sniff(input.subarray(0, 16));
  if (!kind || kind.typeCode !== RESOURCE_TYPES.IMAGE) throw new AppError('IMAGE_NOT_ALLOWED', { field: 'file' });
  try {
    const { data, info } = await imageLimiter.run(async () =>
      (await readPicture(input))
        .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover' })
        .webp({ quality: PROFILE_IMAGE_QUALITY })
        .toBuffer({ resolveWithObject: true }),
    );
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMAGE_UNREADABLE', { field: 'file' });
  }
}

/** Stores the picture content-addressed (fsync + rename) and points the user at it, atomically for the database. */
export async function saveProfileImage(db: Db, dataDir: string, userId: number, upload: Buffer): Promise<UserImage> {
  const webp = await toProfileWebp(upload);
  const stored = await storeEncodedPicture(dataDir, webp.data);
  db.transaction(() => {
    insertMedia(db, { ...stored, width: webp.width, height: webp.height });
    setUserImage(db, userId, stored.sha256);
  })();
  return { FullImageUrl: userImageUrl(userId, stored.sha256), sha256: stored.sha256, mime: stored.type.mime, width: webp.width, height: webp.height, size: stored.size };
}
