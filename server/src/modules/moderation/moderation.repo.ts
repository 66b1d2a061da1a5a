import type { ResourceStatus } from '@kit/contract';
import type { Db } from '../../db/connection.ts';

/** What deciding an action on a resource needs. */
export interface DbModerated {
  id: number;
  status: ResourceStatus;
  user_id: number | null;
  type_code: number;
  title: string;
  author: string;
  license: string;
  category_id: number | null;
  media_sha256: string | null;
  media_mime: string | null;
  cover_sha256: string | null;
  cover_custom: number;
  rights_declared: number;
  open_reports: number;
}

const MODERATED_SELECT = `
  SELECT r.id, r.status, r.user_id, r.type_code, r.title, r.author, r.license, r.category_id,
         r.media_sha256, m.mime AS media_mime, r.cover_sha256, r.cover_custom, r.rights_declared,
         (SELECT count(*) FROM reports WHERE resource_id = r.id AND status = 'open') AS open_reports
  FROM resources r LEFT JOIN media m ON m.sha256 = r.media_sha256`;

export function findModerated(db: Db, id: number): DbModerated | undefined {
  return db.prepare<[number], DbModerated>(`${MODERATED_SELECT} WHERE r.id = ?`).get(id);
}

export interface TransitionChange {
  id: number;
  from: ResourceStatus;
  to: ResourceStatus;
  /** undefined: leave status_reason as it is */
  reason: string | null | undefined;
}

/** Moves a resource between statuses if it is still where the caller saw it; false if it moved meanwhile. */
export function updateStatus(db: Db, c: TransitionChange): boolean {
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

export function insertEvent(db: Db, e: { resourceId: number; actorId: number; action: string; from: string; to: string; reason: string | null }): void {
  db.prepare('INSERT INTO resource_events (resource_id, actor_id, action, from_status, to_status, reason) VALUES (?, ?, ?, ?, ?, ?)').run(
    e.resourceId,
    e.actorId,
    e.action,
    e.from,
    e.to,
    e.reason,
  );
}

export interface DbEvent {
  action: string;
  from_status: string;
  to_status: string;
  reason: string | null;
  actor_id: number | null;
}

export function listEvents(db: Db, resourceId: number): DbEvent[] {
  return db.prepare<[number], DbEvent>('SELECT action, from_status, to_status, reason, actor_id FROM resource_events WHERE resource_id = ? ORDER BY id').all(resourceId);
}

/** Closes every open report of a resource the way the admin decided. */
export function resolveOpenReports(db: Db, resourceId: number, status: 'kept' | 'blocked', actorId: number): number {
  return db
    .prepare(
      `UPDATE reports SET status = ?, resolved_by = ?, resolved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE resource_id = ? AND status = 'open'`,
    )
    .run(status, actorId, resourceId).changes;
}

// ---------------------------------------------------------------- reports

export interface DbReport {
  id: number;
  resource_id: number;
  user_id: number | null;
  user_name: string | null;
  user_blocked: number | null;
  user_image_sha256: string | null;
  reason: string;
  status: 'open' | 'kept' | 'blocked' | 'dismissed';
  created_at: string;
  resolved_at: string | null;
}

const REPORT_SELECT = `
  SELECT p.id, p.resource_id, p.user_id, u.user_name, u.blocked AS user_blocked, u.image_sha256 AS user_image_sha256,
         p.reason, p.status, p.created_at, p.resolved_at
  FROM reports p LEFT JOIN users u ON u.id = p.user_id`;

/** A new open report; throws SQLite's unique-constraint error when the user already has one open on it. */
export function insertReport(db: Db, resourceId: number, userId: number, reason: string): number {
  return Number(db.prepare('INSERT INTO reports (resource_id, user_id, reason) VALUES (?, ?, ?)').run(resourceId, userId, reason).lastInsertRowid);
}

export function findReport(db: Db, id: number): DbReport | undefined {
  return db.prepare<[number], DbReport>(`${REPORT_SELECT} WHERE p.id = ?`).get(id);
}

export function dismissReport(db: Db, id: number, actorId: number): boolean {
  return (
    db
      .prepare(`UPDATE reports SET status = 'dismissed', resolved_by = ?, resolved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'open'`)
      .run(actorId, id).changes === 1
  );
}

/** Open reports of these resources, newest first, at most `perResource` each. */
export function openReportsOf(db: Db, resourceIds: readonly number[], perResource: number): DbReport[] {
  if (resourceIds.length === 0) return [];
  return db
    .prepare<[string, number], DbReport>(
      `SELECT * FROM (
         SELECT x.*, row_number() OVER (PARTITION BY x.resource_id ORDER BY x.created_at DESC, x.id DESC) AS n
         FROM (${REPORT_SELECT} WHERE p.status = 'open' AND p.resource_id IN (SELECT value FROM json_each(?))) x
       ) WHERE n <= ? ORDER BY created_at DESC, id DESC`,
    )
    .all(JSON.stringify(resourceIds), perResource);
}

// ---------------------------------------------------------------- lists

export interface ManagedFilter {
  /** null: every status */
  statuses: readonly ResourceStatus[] | null;
  ownerId: number | null;
  /** published with open reports ("Reportados") */
  reportedOnly: boolean;
  typeCode: number | null;
  /** an FTS5 expression built by search.query.ts, never raw text */
  match: string | null;
  /** folded LIKE pattern for the owner's user name, with match */
  userLike: string | null;
}

/**
 * Resource ids for the owner's and the admin lists, newest first (reported:
 * most recently reported first). Admin lists are small and rare; the text
 * filter uses the same FTS index as search.
 */
export function listManagedIds(db: Db, f: ManagedFilter, limit: number, offset: number): { ids: number[]; total: number } {
  const clauses: string[] = [];
  const params: Record<string, string | number> = {};
  if (f.statuses !== null) {
    clauses.push('r.status IN (SELECT value FROM json_each(@statuses))');
    params.statuses = JSON.stringify(f.statuses);
  }
  if (f.ownerId !== null) {
    clauses.push('r.user_id = @owner');
    params.owner = f.ownerId;
  }
  if (f.reportedOnly) clauses.push("r.status = 'published' AND EXISTS (SELECT 1 FROM reports p WHERE p.resource_id = r.id AND p.status = 'open')");
  if (f.typeCode !== null) {
    clauses.push('r.type_code = @type');
    params.type = f.typeCode;
  }
  if (f.match !== null || f.userLike !== null) {
    const text: string[] = [];
    if (f.match !== null) {
      text.push('r.id IN (SELECT rowid FROM resources_fts WHERE resources_fts MATCH @match)');
      params.match = f.match;
    }
    if (f.userLike !== null) {
      text.push("r.user_id IN (SELECT id FROM users WHERE lower(user_name) LIKE @userLike ESCAPE '\\')");
      params.userLike = f.userLike;
    }
    clauses.push(`(${text.join(' OR ')})`);
  }
  const where = clauses.length > 0 ? clauses.join(' AND ') : '1';
  const order = f.reportedOnly
    ? "(SELECT max(p.created_at) FROM reports p WHERE p.resource_id = r.id AND p.status = 'open') DESC, r.id DESC"
    : 'r.created_at DESC, r.id DESC';
  const ids = db
    .prepare<Record<string, string | number>, { id: number }>(`SELECT r.id FROM resources r WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit, offset })
    .map((r) => r.id);
  const total = db.prepare<Record<string, string | number>, { n: number }>(`SELECT count(*) AS n FROM resources r WHERE ${where}`).get(params)?.n ?? 0;
  return { ids, total };
}

/** The fields of a managed row that the library's card does not carry. */
export interface DbManagedExtras {
  id: number;
  status: ResourceStatus;
  user_id: number | null;
  status_reason: string | null;
  rights_declared: number;
  media_name: string | null;
  media_sha256: string | null;
  cover_custom: number;
  open_reports: number;
}

export function findManagedExtras(db: Db, ids: readonly number[]): DbManagedExtras[] {
  if (ids.length === 0) return [];
  return db
    .prepare<[string], DbManagedExtras>(
      `SELECT r.id, r.status, r.user_id, r.status_reason, r.rights_declared, r.media_name, r.media_sha256, r.cover_custom,
              (SELECT count(*) FROM reports p WHERE p.resource_id = r.id AND p.status = 'open') AS open_reports
       FROM json_each(?) AS j CROSS JOIN resources r ON r.id = j.value`,
    )
    .all(JSON.stringify(ids));
}
