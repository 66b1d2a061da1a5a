import { RESOURCE_TYPES, type ResourceDetail } from '@kit/contract';
import { mayDownload } from '../access/download-rule.ts';
import { ownerOrAdmin } from '../access/privilege.ts';
import type { Db } from '../db/connection.ts';
import type { Viewer } from '../access/viewer.ts';
import { CategoryTree } from './category-tree.ts';
import { renditionsOf } from './phone-copies.ts';
import { playlistOfResource } from './playlists.ts';
import { toDetail } from './resource-cards.ts';
import { countComments, isFavorite, type DbResourceDetail } from './resources.repo.ts';
import { reportNotesOf } from './review.ts';

/** The resource page's answer for this viewer (GET /v2/resource/{id}, and the base of the managed view). */
export function resourceDetail(db: Db, row: DbResourceDetail, viewer: Viewer | null, tree = CategoryTree.load(db, viewer)): ResourceDetail {
  const review = ownerOrAdmin(row, viewer);
  const detail = toDetail(row, tree, {
    readsReview: review,
    reportNotes: review ? (reportNotesOf(db, [row.id]).get(row.id) ?? []) : [],
    commentsCount: countComments(db, row.id),
    isFavorite: viewer !== null && isFavorite(db, viewer.id, row.id),
    playlist: row.type_code === RESOURCE_TYPES.LIST ? playlistOfResource(db, row.playlist_id, viewer, tree) : null,
    mayDownload: mayDownload(db, viewer),
  });
  return { ...detail, ...renditionsOf(db, row, review) };
}
