import type { Db } from '../db/connection.ts';
import { prepared } from '../db/statements.ts';

export interface DbMedia {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
  duration_seconds: number | null;
}

export function findMedia(db: Db, sha256: string): DbMedia | undefined {
  return prepared<[string], DbMedia>(db, 'SELECT sha256, ext, mime, size, duration_seconds FROM media WHERE sha256 = ?').get(sha256);
}

/**
 * A file is public when something public uses it: a published resource (its
 * file, a phone copy of its file, or its cover), the picture of a user who is
 * not blocked, an active banner, a published ad. Each test is an index lookup
 * (migrations 0002 and 0011).
 */
export function isMediaPublic(db: Db, sha256: string): boolean {
  const row = prepared<[{ sha: string }], { ok: number }>(
    db,
    `SELECT (
          EXISTS (SELECT 1 FROM resources WHERE media_sha256 = @sha AND status = 'published')
       OR EXISTS (SELECT 1 FROM renditions d JOIN resources r ON r.media_sha256 = d.source_sha256 WHERE d.media_sha256 = @sha AND r.status = 'published')
       OR EXISTS (SELECT 1 FROM resources WHERE cover_sha256 = @sha AND status = 'published')
       OR EXISTS (SELECT 1 FROM users WHERE image_sha256 = @sha AND blocked = 0)
       OR EXISTS (SELECT 1 FROM banners WHERE media_sha256 = @sha AND active = 1)
       OR EXISTS (SELECT 1 FROM ads WHERE image_sha256 = @sha AND status = 'published')
       ) AS ok`,
  ).get({ sha: sha256 });
  return row?.ok === 1;
}

/** The user's own resources (any status: their file, a phone copy of it, their cover), own picture or own notice (any status: its author sees it while it waits) use the file. */
export function isMediaOwnedBy(db: Db, sha256: string, userId: number): boolean {
  const row = prepared<[{ sha: string; user: number }], { ok: number }>(
    db,
    `SELECT (
          EXISTS (SELECT 1 FROM resources WHERE media_sha256 = @sha AND user_id = @user)
       OR EXISTS (SELECT 1 FROM renditions d JOIN resources r ON r.media_sha256 = d.source_sha256 WHERE d.media_sha256 = @sha AND r.user_id = @user)
       OR EXISTS (SELECT 1 FROM resources WHERE cover_sha256 = @sha AND user_id = @user)
       OR EXISTS (SELECT 1 FROM users WHERE image_sha256 = @sha AND id = @user)
       OR EXISTS (SELECT 1 FROM ads WHERE image_sha256 = @sha AND user_id = @user)
       ) AS ok`,
  ).get({ sha: sha256, user: userId });
  return row?.ok === 1;
}

export interface DbMediaUser {
  id: number;
  title: string;
  user_id: number | null;
  status: string;
}

/** Resources whose file these bytes are, or a phone copy of it, oldest first (the same bytes may back several). */
export function resourcesUsingMedia(db: Db, sha256: string): DbMediaUser[] {
  return db
    .prepare<{ sha: string }, DbMediaUser>(
      `SELECT id, title, user_id, status FROM resources
       WHERE media_sha256 = @sha OR media_sha256 IN (SELECT source_sha256 FROM renditions WHERE media_sha256 = @sha)
       ORDER BY id LIMIT 50`,
    )
    .all({ sha: sha256 });
}

/** The phone copies made from a file (modules/renditions/): they go when it goes. */
export function renditionFilesOf(db: Db, sha256: string): string[] {
  return db.prepare<[string], { media_sha256: string }>('SELECT media_sha256 FROM renditions WHERE source_sha256 = ?').all(sha256).map((r) => r.media_sha256);
}
