import { RESOURCE_TERM_NAMES, ResourceSummarySchema, type ResourceStatus, type ResourceTermName } from '@kit/contract';
import type { Db } from '../db/connection.ts';
import { prepared } from '../db/statements.ts';
import { today } from '../days.ts';

/** What a resource card needs, joined in one read. */
export interface DbResourceRow {
  id: number;
  title: string;
  /** the description's first 161 characters: enough to tell whether it was cut */
  description_head: string;
  author: string;
  type_code: number;
  status: 'draft' | 'pending' | 'published' | 'rejected' | 'blocked';
  category_id: number | null;
  user_id: number | null;
  user_name: string | null;
  user_blocked: number | null;
  user_image_sha256: string | null;
  user_image_ext: string | null;
  created_at: string;
  cover_sha256: string | null;
  cover_ext: string | null;
  media_sha256: string | null;
  media_ext: string | null;
  mime: string | null;
  size: number | null;
  duration_seconds: number | null;
  views: number;
  downloads: number;
}

/** A resource's terms (server/contract/src/resource-terms.ts), each a column of the same name. */
export type DbTerms = Record<ResourceTermName, string>;

/** `r.author, r.source, …`: the columns of these terms, for a SELECT. */
const termColumns = (names: readonly ResourceTermName[]): string => names.map((name) => `r.${name}`).join(', ');
/** `@author, @source, …`: their named parameters, for an INSERT. */
const termParams = (names: readonly ResourceTermName[]): string => names.map((name) => `@${name}`).join(', ');

/** The terms a card does not read already (it has the author): the page reads them. */
const PAGE_TERMS = RESOURCE_TERM_NAMES.filter((name) => !(name in ResourceSummarySchema.properties));

export interface DbResourceDetail extends DbResourceRow, DbTerms {
  description: string;
  app_version: string | null;
  status_reason: string | null;
  published_at: string | null;
  playlist_id: number | null;
}

const SUMMARY_SELECT = `
  SELECT r.id, r.title, substr(r.description, 1, 161) AS description_head, r.author, r.type_code, r.status,
         r.category_id, r.user_id, u.user_name, u.blocked AS user_blocked,
         ui.sha256 AS user_image_sha256, ui.ext AS user_image_ext, r.created_at,
         cv.sha256 AS cover_sha256, cv.ext AS cover_ext,
         m.sha256 AS media_sha256, m.ext AS media_ext, m.mime, m.size, m.duration_seconds,
         r.views, r.downloads`;
const SUMMARY_JOINS = `
  LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN media ui ON ui.sha256 = u.image_sha256
  LEFT JOIN media cv ON cv.sha256 = r.cover_sha256
  LEFT JOIN media m ON m.sha256 = r.media_sha256`;

/** Card rows for these ids, in no particular order (callers order them). */
export function findResourceRows(db: Db, ids: readonly number[]): DbResourceRow[] {
  if (ids.length === 0) return [];
  // CROSS JOIN keeps json_each outside: one primary-key probe per id.
  return prepared<[string], DbResourceRow>(db, `${SUMMARY_SELECT} FROM json_each(?) AS j CROSS JOIN resources r ON r.id = j.value ${SUMMARY_JOINS}`).all(JSON.stringify(ids));
}

export function findResourceDetail(db: Db, id: number): DbResourceDetail | undefined {
  // `r.id = ?` beside LEFT JOINs makes SQLite (3.54) compile the statement again on every run, which
  // cost more than the read itself; through CAST the parameter is an expression and the plan is kept.
  return prepared<[number], DbResourceDetail>(
    db,
    `${SUMMARY_SELECT}, r.description, ${termColumns(PAGE_TERMS)}, r.app_version, r.status_reason, r.published_at, r.playlist_id
     FROM resources r ${SUMMARY_JOINS} WHERE r.id = CAST(? AS INTEGER)`,
  ).get(id);
}

/** Why these resources were rejected or blocked (null: nobody said). */
export function findStatusReasons(db: Db, ids: readonly number[]): Map<number, string | null> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare<[string], { id: number; status_reason: string | null }>('SELECT r.id, r.status_reason FROM json_each(?) AS j CROSS JOIN resources r ON r.id = j.value')
    .all(JSON.stringify(ids));
  return new Map(rows.map((r) => [r.id, r.status_reason]));
}

export interface DbReportNote {
  resource_id: number;
  reason: string;
  created_at: string;
}

/** The open reports of these resources, newest first, at most `perResource` each; no reporter (their owners read these). */
export function findOpenReportNotes(db: Db, ids: readonly number[], perResource: number): DbReportNote[] {
  if (ids.length === 0) return [];
  return db
    .prepare<[string, number], DbReportNote>(
      `SELECT resource_id, reason, created_at FROM (
         SELECT p.resource_id, p.reason, p.created_at, p.id,
                row_number() OVER (PARTITION BY p.resource_id ORDER BY p.created_at DESC, p.id DESC) AS n
         FROM reports p WHERE p.status = 'open' AND p.resource_id IN (SELECT value FROM json_each(?))
       ) WHERE n <= ? ORDER BY created_at DESC, id DESC`,
    )
    .all(JSON.stringify(ids), perResource);
}

export function countComments(db: Db, resourceId: number): number {
  return prepared<[number], { n: number }>(db, 'SELECT count(*) AS n FROM comments WHERE resource_id = ?').get(resourceId)?.n ?? 0;
}

export function isFavorite(db: Db, userId: number, resourceId: number): boolean {
  return prepared<[number, number]>(db, 'SELECT 1 FROM favorites WHERE user_id = ? AND resource_id = ?').get(userId, resourceId) !== undefined;
}

/** What deciding an action on a resource needs (its terms: whether it may be submitted). */
export interface DbModerated extends DbTerms {
  id: number;
  status: ResourceStatus;
  user_id: number | null;
  type_code: number;
  title: string;
  category_id: number | null;
  media_sha256: string | null;
  media_mime: string | null;
  cover_sha256: string | null;
  cover_custom: number;
  rights_declared: number;
  open_reports: number;
}

// The media's type as a scalar subquery, not a LEFT JOIN: beside a join, `r.id = ?` makes SQLite
// compile the statement again on every run (as findResourceDetail notes), 19 against 2 µs here,
// which every picture of a library's article pays.
const MODERATED_SELECT = `
  SELECT r.id, r.status, r.user_id, r.type_code, r.title, ${termColumns(RESOURCE_TERM_NAMES)}, r.category_id,
         r.media_sha256, (SELECT mime FROM media WHERE sha256 = r.media_sha256) AS media_mime,
         r.cover_sha256, r.cover_custom, r.rights_declared,
         (SELECT count(*) FROM reports WHERE resource_id = r.id AND status = 'open') AS open_reports
  FROM resources r`;

export function findModerated(db: Db, id: number): DbModerated | undefined {
  return prepared<[number], DbModerated>(db, `${MODERATED_SELECT} WHERE r.id = ?`).get(id);
}

// ── Writes. Every statement that changes a row of `resources` is in this file
// (the demo library's seed aside), so a new column is written in one place.

/**
 * Uses of a resource on one day (`count` views, or downloads): its counter and
 * that day's row, together; nothing for a resource deleted since.
 */
export function countUse(db: Db, resourceId: number, counter: 'views' | 'downloads', count: number, day: string = today()): void {
  db.transaction(() => {
    if (db.prepare(`UPDATE resources SET ${counter} = ${counter} + ? WHERE id = ?`).run(count, resourceId).changes === 0) return;
    db.prepare(
      `INSERT INTO resource_stats_daily (resource_id, day, ${counter}) VALUES (?, ?, ?)
       ON CONFLICT (resource_id, day) DO UPDATE SET ${counter} = ${counter} + excluded.${counter}`,
    ).run(resourceId, day, count);
  })();
}

/**
 * The kit itself takes resources off the library (a library whose checksum
 * failed, a file that cannot be read as its kind, a copy its origin
 * withdrew): blocked with the reason their owner and admins read, and in each
 * one's history as a block by nobody. With `onlyFrom`, only resources in that
 * status move. Answers how many moved.
 */
export function holdBack(db: Db, where: { id: number } | { mediaSha256: string }, reason: string, onlyFrom?: ResourceStatus): number {
  const column = 'id' in where ? 'id' : 'media_sha256';
  const key = 'id' in where ? where.id : where.mediaSha256;
  return db.transaction(() => {
    const rows = db
      .prepare<[string | number, string | null, string | null], { id: number; status: string }>(
        `SELECT id, status FROM resources WHERE ${column} = ? AND status <> 'blocked' AND (? IS NULL OR status = ?)`,
      )
      .all(key, onlyFrom ?? null, onlyFrom ?? null);
    const block = db.prepare("UPDATE resources SET status = 'blocked', status_reason = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?");
    const event = db.prepare("INSERT INTO resource_events (resource_id, actor_id, action, from_status, to_status, reason) VALUES (?, NULL, 'block', ?, 'blocked', ?)");
    for (const row of rows) {
      block.run(reason, row.id);
      event.run(row.id, row.status, reason);
    }
    return rows.length;
  })();
}

export interface NewDraft extends DbTerms {
  global_id: string;
  title: string;
  type_code: number;
  description: string;
  category_id: number | null;
  user_id: number;
}

/** A new resource, always a draft, with its owner's rights declaration. */
export function insertDraft(db: Db, d: NewDraft): number {
  return Number(
    db
      .prepare(
        `INSERT INTO resources (global_id, title, type_code, ${RESOURCE_TERM_NAMES.join(', ')}, description, category_id, user_id, status, rights_declared)
         VALUES (@global_id, @title, @type_code, ${termParams(RESOURCE_TERM_NAMES)}, @description, @category_id, @user_id, 'draft', 1)`,
      )
      .run(d).lastInsertRowid,
  );
}

export interface ResourceChanges extends Partial<DbTerms> {
  title?: string;
  type_code?: number;
  description?: string;
  category_id?: number | null;
}

const EDITABLE: readonly (keyof ResourceChanges)[] = ['title', 'type_code', ...RESOURCE_TERM_NAMES, 'description', 'category_id'];

export function updateResourceFields(db: Db, id: number, changes: ResourceChanges): void {
  const columns = EDITABLE.filter((c) => changes[c] !== undefined);
  if (columns.length === 0) return;
  const set = columns.map((c) => `${c} = @${c}`).join(', ');
  db.prepare(`UPDATE resources SET ${set}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = @id`).run({ ...changes, id });
}

/** The resource's file (and, for images, the cover made from it). */
export function setResourceFile(db: Db, id: number, f: { sha256: string; name: string | null; autoCover: string | null }): void {
  db.prepare(
    `UPDATE resources SET media_sha256 = @sha256, media_name = @name,
       cover_sha256 = CASE WHEN @autoCover IS NOT NULL AND cover_custom = 0 THEN @autoCover ELSE cover_sha256 END,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = @id`,
  ).run({ id, ...f });
}

export function setResourceCover(db: Db, id: number, sha256: string | null, custom: boolean): void {
  db.prepare("UPDATE resources SET cover_sha256 = ?, cover_custom = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(sha256, custom ? 1 : 0, id);
}

export function deleteResourceRow(db: Db, id: number): void {
  db.prepare('DELETE FROM resources WHERE id = ?').run(id);
}

export interface TransitionChange {
  id: number;
  from: ResourceStatus;
  to: ResourceStatus;
  /** undefined: leave status_reason as it is */
  reason: string | null | undefined;
}

/** Moves a resource between statuses if it is still where the caller saw it; false if it moved meanwhile. */
export function updateResourceStatus(db: Db, c: TransitionChange): boolean {
  return (
    db
      .prepare(
        `UPDATE resources SET status = @to,
           status_reason = CASE WHEN @keepReason = 1 THEN status_reason ELSE @reason END,
           published_at = CASE WHEN @to = 'published' THEN coalesce(published_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) ELSE published_at END,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = @id AND status = @from`,
      )
      .run({ id: c.id, from: c.from, to: c.to, reason: c.reason ?? null, keepReason: c.reason === undefined ? 1 : 0 }).changes === 1
  );
}

/** The ZIM's own words where the admin left a field empty; what they wrote stays. */
export function fillEmptyFields(db: Db, resourceId: number, fields: { description: string; author: string; source: string }): void {
  db.prepare(
    `UPDATE resources SET
       description = CASE WHEN description = '' THEN @description ELSE description END,
       author = CASE WHEN author = '' THEN @author ELSE author END,
       source = CASE WHEN source = '' THEN @source ELSE source END
     WHERE id = @id`,
  ).run({ ...fields, id: resourceId });
}

/** A resource as kits share it (the pack format's record, modules/sync/pack-format.ts), with its category here. */
export interface SharedResource extends DbTerms {
  globalId: string;
  title: string;
  description: string;
  type: number;
  mediaSha256: string | null;
  mediaName: string | null;
  coverSha256: string | null;
  appVersion: string | null;
  createdAt: string;
  publishedAt: string | null;
}

export interface ResourceFields {
  r: SharedResource;
  categoryId: number | null;
}

/** Another kit's resource, new here. */
export function insertResource(db: Db, { r, categoryId }: ResourceFields, status: 'published' | 'pending'): number {
  return Number(
    db
      .prepare(
        `INSERT INTO resources (global_id, title, description, ${RESOURCE_TERM_NAMES.join(', ')}, type_code, category_id, user_id, status,
           media_sha256, media_name, cover_sha256, cover_custom, app_version, rights_declared, created_at, published_at)
         VALUES (@globalId, @title, @description, ${termParams(RESOURCE_TERM_NAMES)}, @type, @categoryId, NULL, @status,
           @mediaSha256, @mediaName, @coverSha256, @coverCustom, @appVersion, 1, @createdAt, @publishedAt)`,
      )
      .run({
        ...r,
        categoryId,
        status,
        coverCustom: r.coverSha256 !== null && r.coverSha256 !== r.mediaSha256 ? 1 : 0,
        publishedAt: status === 'published' ? (r.publishedAt ?? new Date().toISOString()) : null,
      }).lastInsertRowid,
  );
}

/** Another kit's newer copy of a resource here: the shared fields only; the local status (moderation) and counters stay. */
export function updateResource(db: Db, id: number, { r, categoryId }: ResourceFields): void {
  db.prepare(
    `UPDATE resources SET title = @title, description = @description, ${RESOURCE_TERM_NAMES.map((name) => `${name} = @${name}`).join(', ')},
       type_code = @type, category_id = @categoryId, media_sha256 = @mediaSha256, media_name = @mediaName,
       cover_sha256 = @coverSha256, app_version = @appVersion, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = @id`,
  ).run({ ...r, categoryId, id });
}

/** A copy its origin withdrew and now publishes again arrives as a new one would. */
export function restoreResource(db: Db, id: number, status: 'published' | 'pending'): void {
  db.prepare(
    `UPDATE resources SET status = @status, status_reason = NULL,
       published_at = CASE WHEN @status = 'published' THEN coalesce(published_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) ELSE published_at END
     WHERE id = @id`,
  ).run({ id, status });
}
