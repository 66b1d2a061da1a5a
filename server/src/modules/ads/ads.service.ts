import { type Ad, AD_PENDING_LIMIT, AD_TRANSITIONS, type AdPage, ADS_PER_PAGE, type CreateAd, foldText, type ModerateAd, type QueryAdminAds, type QueryAds } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { mediaUrl } from '../../media/media-url.ts';
import type { Viewer } from '../../access/viewer.ts';
import { isPrivileged } from '../../access/privilege.ts';
import { searchTerms } from '../search/search.query.ts';
import { countPendingAds, deleteAd, findAd, findAdsByUser, findAdsForModeration, findPublishedAds, insertAd, publishedAdImages, setAdImage, setAdStatus, type AdRows, type DbAd } from './ads.repo.ts';
import { pageOf, pageRequest } from '../../paging.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const isExpired = (row: Pick<DbAd, 'expires_at'>, now: Date): boolean => row.expires_at <= now.toISOString();
const mayManage = (row: Pick<DbAd, 'user_id'>, viewer: Viewer | null): boolean =>
  viewer !== null && (isPrivileged(viewer) || (row.user_id !== null && row.user_id === viewer.id));

/** Everyone sees a published notice until it expires; its author and admins see it in every state. */
export function canSeeAd(row: DbAd, viewer: Viewer | null, now: Date): boolean {
  return (row.status === 'published' && !isExpired(row, now)) || mayManage(row, viewer);
}

export function toWireAd(row: DbAd, viewer: Viewer | null, now: Date): Ad {
  return {
    id: row.id,
    title: row.title,
    text: row.body,
    imageUrl: row.image_sha256 !== null && row.image_ext !== null ? mediaUrl(row.image_sha256, row.image_ext) : null,
    contact: row.contact,
    category: row.category,
    status: row.status,
    statusReason: mayManage(row, viewer) ? row.status_reason : null,
    expiresAt: row.expires_at,
    expired: isExpired(row, now),
    createdAt: row.created_at,
    user: row.user_id !== null && row.user_name !== null ? { id: row.user_id, user_name: row.user_name } : null,
  };
}

function toAdPage({ rows, total }: AdRows, page: number, viewer: Viewer | null, now: Date): AdPage {
  return pageOf(rows.map((row) => toWireAd(row, viewer, now)), total, page, ADS_PER_PAGE);
}

/** The board, searchable (every word, accents and case ignored) and by category. Expired notices are never listed. */
export function listBoard(db: Db, query: QueryAds, viewer: Viewer | null, now: Date): AdPage {
  const { page, perPage, offset } = pageRequest({ page: query.page }, ADS_PER_PAGE);
  const rows = findPublishedAds(db, {
    now: now.toISOString(),
    words: searchTerms(query.q ?? '').map(foldText),
    category: query.category ?? null,
    limit: perPage,
    offset,
  });
  return toAdPage(rows, page, viewer, now);
}

/** The author's own notices, in every state ("Mis avisos"). */
export function myAds(db: Db, viewer: Viewer, pageNumber: number | undefined, now: Date): AdPage {
  const { page, perPage, offset } = pageRequest({ page: pageNumber }, ADS_PER_PAGE);
  return toAdPage(findAdsByUser(db, viewer.id, perPage, offset), page, viewer, now);
}

/** The admins' moderation list of one state (absent: pending). */
export function adsForModeration(db: Db, viewer: Viewer | null, query: QueryAdminAds, now: Date): AdPage {
  const { page, perPage, offset } = pageRequest({ page: query.page }, ADS_PER_PAGE);
  return toAdPage(findAdsForModeration(db, query.status ?? 'pending', now.toISOString(), perPage, offset), page, viewer, now);
}

/** A notice's picture, stored already, becomes its picture; the notice as it is now. */
export function attachAdImage(db: Db, row: DbAd, sha256: string): DbAd {
  setAdImage(db, row.id, sha256);
  return findAd(db, row.id) ?? row;
}

/** The author or an admin withdraws a notice; returns the one withdrawn. */
export function withdrawAd(db: Db, id: number, viewer: Viewer): DbAd {
  const row = getManageableAd(db, id, viewer);
  deleteAd(db, row.id);
  return row;
}

export function getVisibleAd(db: Db, id: number, viewer: Viewer | null, now: Date): DbAd {
  const row = findAd(db, id);
  if (!row || !canSeeAd(row, viewer, now)) throw new AppError('AD_NOT_FOUND');
  return row;
}

/** The author or an admin, else the same 404 as for a notice that does not exist. */
export function getManageableAd(db: Db, id: number, viewer: Viewer): DbAd {
  const row = findAd(db, id);
  if (!row || !mayManage(row, viewer)) throw new AppError('AD_NOT_FOUND');
  return row;
}

/** A villager's notice waits for moderation (a few at a time); an admin's is published at once. */
export function postAd(db: Db, viewer: Viewer, body: CreateAd, now: Date): DbAd {
  const admin = isPrivileged(viewer);
  const id = db.transaction(() => {
    if (!admin && countPendingAds(db, viewer.id) >= AD_PENDING_LIMIT) throw new AppError('AD_PENDING_LIMIT', { max: AD_PENDING_LIMIT });
    const title = body.title.trim();
    const text = body.text.trim();
    const contact = body.contact.trim();
    return insertAd(db, {
      userId: viewer.id,
      title,
      body: text,
      contact,
      category: body.category,
      status: admin ? 'published' : 'pending',
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS).toISOString(),
      searchText: foldText(`${title} ${text} ${contact}`),
    });
  })();
  const row = findAd(db, id);
  if (!row) throw new AppError('INTERNAL');
  return row;
}

export function moderateAd(db: Db, moderator: Viewer, id: number, body: ModerateAd): DbAd {
  const row = findAd(db, id);
  if (!row) throw new AppError('AD_NOT_FOUND');
  if (!AD_TRANSITIONS[row.status].includes(body.status)) throw new AppError('AD_TRANSITION', { from: row.status, to: body.status });
  const reason = body.reason?.trim() || null;
  setAdStatus(db, id, body.status, body.status === 'published' ? null : reason, moderator.id);
  return findAd(db, id) ?? row;
}

/** Pictures of the notices on the board now, newest first, at most `limit`: the publicity banner rotates them. */
export function boardPictures(db: Db, now: Date, limit: number): { sha256: string; ext: string }[] {
  return publishedAdImages(db, now.toISOString(), limit);
}
