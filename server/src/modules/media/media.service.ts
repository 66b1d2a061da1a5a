import { canSee, isPrivileged } from '../../access/privilege.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { findMedia, isMediaOwnedBy, isMediaPublic, resourcesUsingMedia } from '../../media/media-access.repo.ts';
import type { Viewer } from '../../access/viewer.ts';

/**
 * A stored file by its name (`<sha256>.<ext>`) if this viewer may read it: a
 * file of anything public, else only its owner's and admins'; otherwise the
 * same 404 as for a file that does not exist.
 */
export function readableMedia(db: Db, file: string, viewer: Viewer | null) {
  const [sha256 = '', ext = ''] = file.split('.');
  const media = findMedia(db, sha256);
  if (!media || media.ext !== ext) throw new AppError('MEDIA_NOT_FOUND');
  const isPublic = isMediaPublic(db, sha256);
  if (!isPublic && !(viewer && (isPrivileged(viewer) || isMediaOwnedBy(db, sha256, viewer.id)))) throw new AppError('MEDIA_NOT_FOUND');
  return { media, isPublic };
}

/** A resource the viewer may see that uses this file (it names the attachment and counts the download). */
export function resourceOfMedia(db: Db, sha256: string, viewer: Viewer | null) {
  return resourcesUsingMedia(db, sha256).find((r) => canSee(r, viewer));
}
