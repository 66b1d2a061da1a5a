import { canSee } from '../access/privilege.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors.ts';
import type { Viewer } from '../access/viewer.ts';
import { findModerated, findResourceDetail, type DbModerated, type DbResourceDetail } from './resources.repo.ts';

/** The resource an action is about, or the same 404 as for one that never existed when the caller may not see it. */
export function getModerated(db: Db, id: number, viewer: Viewer | null): DbModerated {
  const resource = findModerated(db, id);
  if (!resource || !canSee(resource, viewer)) throw new AppError(viewer ? 'RESOURCE_NOT_FOUND' : 'UNAUTHORIZED');
  return resource;
}

/** A resource the caller may see, or 404 RESOURCE_NOT_FOUND (comments, favourites, lists). */
export function visibleResource(db: Db, id: number, viewer: Viewer | null): DbModerated {
  const resource = findModerated(db, id);
  if (!resource || !canSee(resource, viewer)) throw new AppError('RESOURCE_NOT_FOUND');
  return resource;
}

/** The row behind a resource page, if the viewer may see it; the same 404 as for one that never existed otherwise. */
export function visibleDetailRow(db: Db, id: number, viewer: Viewer | null): DbResourceDetail {
  const row = findResourceDetail(db, id);
  if (!row || !canSee(row, viewer)) throw new AppError('RESOURCE_NOT_FOUND');
  return row;
}
