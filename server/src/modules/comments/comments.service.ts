import { COMMENT_MAX, COMMENTS_PER_PAGE, type Comment, type CommentPage } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { Viewer } from '../../access/viewer.ts';
import { isPrivileged } from '../../access/privilege.ts';
import { findModerated } from '../../catalog/resources.repo.ts';
import { canSee } from '../../access/privilege.ts';
import { userImageUrl } from '../../media/media-url.ts';
import { deleteComment, findComment, insertComment, listComments, type DbComment } from './comments.repo.ts';
import { pageOf, pageRequest, type PageQuery } from '../../paging.ts';
import { plainText } from '../../plain-text.ts';
import { visibleResource } from '../../catalog/resource-lookup.ts';

/**
 * A comment as it is kept: plain text, never HTML (the web renders it as
 * text, so "<b>" shows as typed). Line ends unified, control characters
 * other than line breaks and tabs dropped, trimmed; 1–COMMENT_MAX characters.
 */
export function cleanComment(raw: string): string {
  const text = plainText(raw, true);
  if (text === '') throw new AppError('COMMENT_EMPTY', { field: 'body.comment' });
  if ([...text].length > COMMENT_MAX) throw new AppError('COMMENT_TOO_LONG', { field: 'body.comment', max: COMMENT_MAX });
  return text;
}

export function toWireComment(c: DbComment, viewer: Viewer | null): Comment {
  return {
    id: c.id,
    content_id: c.resource_id,
    comment: c.comment,
    user:
      c.user_name === null
        ? null
        : { id: c.user_id, user_name: c.user_name, FullImageUrl: c.user_image_sha256 && c.user_blocked !== 1 ? userImageUrl(c.user_id, c.user_image_sha256) : null },
    createdAt: c.created_at,
    canDelete: viewer !== null && (viewer.id === c.user_id || isPrivileged(viewer)),
  };
}

/** Comments belong to resources the caller can see: a hidden one answers like one that never existed. */
export function assertCommentable(db: Db, resourceId: number, viewer: Viewer | null): void {
  visibleResource(db, resourceId, viewer);
}

/** A resource's comments the viewer may read, newest first, a page at a time. */
export function commentsPage(db: Db, resourceId: number, query: PageQuery, viewer: Viewer | null): CommentPage {
  assertCommentable(db, resourceId, viewer);
  const { page, perPage, offset } = pageRequest(query, COMMENTS_PER_PAGE);
  const { rows, total } = listComments(db, resourceId, perPage, offset);
  return pageOf(
    rows.map((c) => toWireComment(c, viewer)),
    total,
    page,
    perPage,
  );
}

export function createComment(db: Db, viewer: Viewer, resourceId: number, raw: string): Comment {
  const text = cleanComment(raw);
  assertCommentable(db, resourceId, viewer);
  const id = insertComment(db, resourceId, viewer.id, text);
  return toWireComment(findComment(db, id) as DbComment, viewer);
}

/** The author or an admin; a comment on a resource the caller cannot see is as unknown as a missing one. */
export function removeComment(db: Db, viewer: Viewer, id: number): void {
  const comment = findComment(db, id);
  const resource = comment ? findModerated(db, comment.resource_id) : undefined;
  if (!comment || !resource || !canSee(resource, viewer)) throw new AppError('COMMENT_NOT_FOUND');
  if (comment.user_id !== viewer.id && !isPrivileged(viewer)) throw new AppError('FORBIDDEN');
  deleteComment(db, id);
}
