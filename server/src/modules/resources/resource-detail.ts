import type { ResourceDetail } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import type { Viewer } from '../../types.ts';
import { CategoryTree } from '../categories/categories.service.ts';
import { playlistOfResource } from '../lists/lists.service.ts';
import { renditionsOf } from '../renditions/renditions.service.ts';
import { mayDownload } from '../settings/download-rule.ts';
import { countComments, isFavorite, type DbResourceDetail } from './resources.repo.ts';
import { ownerOrAdmin, toDetail } from './resources.service.ts';
import { reportNotesOf } from './review.ts';

/** The resource page's answer for this viewer (GET /v2/resource/{id}, and the base of the managed view). */
export function resourceDetail(db: Db, row: DbResourceDetail, viewer: Viewer | null, tree = CategoryTree.load(db, viewer)): ResourceDetail {
  const review = ownerOrAdmin(row, viewer);
  const detail = toDetail(row, tree, {
    readsReview: review,
    reportNotes: review ? (reportNotesOf(db, [row.id]).get(row.id) ?? []) : [],
    commentsCount: countComments(db, row.id),
    isFavorite: viewer !== null && isFavorite(db, viewer.id, row.id),
    playlist: row.type_code === 6 ? playlistOfResource(db, row.playlist_id, viewer, tree) : null,
    mayDownload: mayDownload(db, viewer),
  });
  return { ...detail, ...renditionsOf(db, row, review) };
}
