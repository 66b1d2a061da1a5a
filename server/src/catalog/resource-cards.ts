import { termsOf, type ReportNote, type ResourceDetail, type ResourceStatus, type ResourceSummary, type ResourceUser } from '@kit/contract';
import type { Db } from '../db/connection.ts';
import { downloadFileName } from '../media/disposition.ts';
import { mediaUrl, resourceMediaUrl, userImageUrl } from '../media/media-url.ts';
import type { CategoryTree } from './category-tree.ts';
import { findResourceRows, type DbResourceDetail, type DbResourceRow } from './resources.repo.ts';

export const EXCERPT_LENGTH = 160;

function excerpt(head: string): string {
  const chars = [...head];
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…` : head;
}

function toUser(row: DbResourceRow): ResourceUser | null {
  if (row.user_id === null || row.user_name === null) return null;
  const picture = row.user_image_sha256 !== null && row.user_image_ext !== null && row.user_blocked !== 1;
  return {
    id: row.user_id,
    user_name: row.user_name,
    FullImageUrl: picture ? userImageUrl(row.user_id, row.user_image_sha256 as string) : null,
  };
}

export function toSummary(row: DbResourceRow, tree: CategoryTree): ResourceSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: excerpt(row.description_head),
    author: row.author,
    type: row.type_code,
    status: row.status as ResourceStatus,
    // A category the viewer may not see (hidden) is not named, nor numbered.
    content_type_id: tree.ref(row.category_id)?.id ?? null,
    content_type: tree.ref(row.category_id),
    user: toUser(row),
    createdAt: row.created_at,
    coverUrl: row.cover_sha256 !== null && row.cover_ext !== null ? mediaUrl(row.cover_sha256, row.cover_ext) : null,
    mediaUrl: row.media_sha256 !== null && row.media_ext !== null ? mediaUrl(row.media_sha256, row.media_ext) : null,
    mime: row.mime,
    size: row.size,
    duration: row.duration_seconds,
    views: row.views,
    downloads: row.downloads,
  };
}

/** Cards for these ids, in the given order; ids that no longer exist are skipped. */
export function loadSummaries(db: Db, ids: readonly number[], tree: CategoryTree): ResourceSummary[] {
  const rows = new Map(findResourceRows(db, ids).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toSummary(row, tree)] : [];
  });
}

export interface DetailExtras {
  commentsCount: number;
  isFavorite: boolean;
  playlist: ResourceDetail['playlist'];
  /** appDenyDownloadsForUsers allows this viewer the download link */
  mayDownload: boolean;
  /** the open reports' reasons; [] unless the viewer reads the review (review.ts) */
  reportNotes: ReportNote[];
  /** the viewer is the owner or an admin (ownerOrAdmin) */
  readsReview: boolean;
}

/** The page's answer but its phone copies (resource-detail.ts adds them). */
export function toDetail(row: DbResourceDetail, tree: CategoryTree, extras: DetailExtras): Omit<ResourceDetail, 'renditions' | 'renditionsPending' | 'renditionJob'> {
  const summary = toSummary(row, tree);
  const hasFile = row.media_sha256 !== null && row.media_ext !== null;
  const downloadable = hasFile && extras.mayDownload;
  return {
    ...summary,
    // The page shows the whole description; the card's excerpt stays as it is.
    description: row.description,
    ...termsOf(row),
    app_version: row.app_version,
    statusReason: extras.readsReview ? row.status_reason : null,
    reportNotes: extras.reportNotes,
    publishedAt: row.published_at,
    categoryPath: row.category_id === null ? [] : tree.branch(row.category_id).map((c) => ({ id: c.id, name: c.name })),
    downloadUrl: downloadable ? resourceMediaUrl(row.id, true) : null,
    fileName: downloadable ? downloadFileName(row.title, row.media_ext as string) : null,
    commentsCount: extras.commentsCount,
    isFavorite: extras.isFavorite,
    playlist: extras.playlist,
  };
}
