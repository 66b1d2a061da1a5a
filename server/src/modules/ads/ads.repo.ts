import type { AdCategory, AdStatus } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { containing } from '../../db/like.ts';

/** An ads row with its author's name and its picture's extension. */
export interface DbAd {
  id: number;
  user_id: number | null;
  user_name: string | null;
  title: string;
  body: string;
  image_sha256: string | null;
  image_ext: string | null;
  contact: string;
  category: AdCategory;
  status: AdStatus;
  status_reason: string | null;
  expires_at: string;
  created_at: string;
}

const AD_SELECT = `
  SELECT a.id, a.user_id, u.user_name, a.title, a.body, a.image_sha256, m.ext AS image_ext, a.contact,
         a.category, a.status, a.status_reason, a.expires_at, a.created_at
  FROM ads a
  LEFT JOIN users u ON u.id = a.user_id
  LEFT JOIN media m ON m.sha256 = a.image_sha256`;

export interface AdRows {
  rows: DbAd[];
  total: number;
}

function paged(db: Db, where: string, order: string, params: Record<string, unknown>, limit: number, offset: number): AdRows {
  const total = db.prepare<Record<string, unknown>, { n: number }>(`SELECT count(*) AS n FROM ads a WHERE ${where}`).get(params)?.n ?? 0;
  const rows = db
    .prepare<Record<string, unknown>, DbAd>(`${AD_SELECT} WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit, offset });
  return { rows, total };
}

export interface PublishedAdsQuery {
  /** ISO time: notices expiring at or before it are not listed */
  now: string;
  /** folded words that must all appear */
  words: readonly string[];
  category: AdCategory | null;
  limit: number;
  offset: number;
}

/** The board: published notices that have not expired, newest first. */
export function findPublishedAds(db: Db, query: PublishedAdsQuery): AdRows {
  const params: Record<string, unknown> = { now: query.now };
  const where = ["a.status = 'published'", 'a.expires_at > @now'];
  if (query.category) {
    where.push('a.category = @category');
    params.category = query.category;
  }
  query.words.forEach((word, i) => {
    where.push(`a.search_text LIKE @w${i} ESCAPE '\\'`);
    params[`w${i}`] = containing(word);
  });
  return paged(db, where.join(' AND '), 'a.created_at DESC, a.id DESC', params, query.limit, query.offset);
}

export function findAdsByUser(db: Db, userId: number, limit: number, offset: number): AdRows {
  return paged(db, 'a.user_id = @userId', 'a.created_at DESC, a.id DESC', { userId }, limit, offset);
}

/** The moderation lists: pending oldest first (a queue), expired by when they ended, the rest newest first. */
export function findAdsForModeration(db: Db, status: AdStatus | 'expired', now: string, limit: number, offset: number): AdRows {
  if (status === 'expired') {
    return paged(db, "a.status = 'published' AND a.expires_at <= @now", 'a.expires_at DESC, a.id DESC', { now }, limit, offset);
  }
  const order = status === 'pending' ? 'a.created_at ASC, a.id ASC' : 'a.created_at DESC, a.id DESC';
  return paged(db, 'a.status = @status', order, { status }, limit, offset);
}

export function findAd(db: Db, id: number): DbAd | undefined {
  return db.prepare<[number], DbAd>(`${AD_SELECT} WHERE a.id = ?`).get(id);
}

export function countPendingAds(db: Db, userId: number): number {
  return db.prepare<[number], { n: number }>("SELECT count(*) AS n FROM ads WHERE user_id = ? AND status = 'pending'").get(userId)?.n ?? 0;
}

export interface NewAd {
  userId: number;
  title: string;
  body: string;
  contact: string;
  category: AdCategory;
  status: AdStatus;
  expiresAt: string;
  searchText: string;
}

export function insertAd(db: Db, ad: NewAd): number {
  const result = db
    .prepare(
      `INSERT INTO ads (user_id, title, body, contact, category, status, expires_at, search_text)
       VALUES (@userId, @title, @body, @contact, @category, @status, @expiresAt, @searchText)`,
    )
    .run(ad);
  return Number(result.lastInsertRowid);
}

export function setAdImage(db: Db, id: number, sha256: string): void {
  db.prepare('UPDATE ads SET image_sha256 = ? WHERE id = ?').run(sha256, id);
}

export function setAdStatus(db: Db, id: number, status: AdStatus, reason: string | null, moderatorId: number): void {
  db.prepare(
    `UPDATE ads SET status = ?, status_reason = ?, moderated_by = ?, moderated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
  ).run(status, reason, moderatorId, id);
}

export function deleteAd(db: Db, id: number): void {
  db.prepare('DELETE FROM ads WHERE id = ?').run(id);
}

/** Pictures of the notices on the board now, newest first: the publicity banner rotates them. */
export function publishedAdImages(db: Db, now: string, limit: number): { sha256: string; ext: string }[] {
  return db
    .prepare<[string, number], { sha256: string; ext: string }>(
      `SELECT m.sha256, m.ext FROM ads a JOIN media m ON m.sha256 = a.image_sha256
       WHERE a.status = 'published' AND a.expires_at > ? ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
    )
    .all(now, limit);
}
