import type { Db } from '../../db/connection.ts';


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

/** A new open report; throws SQLite's unique-constraint error when the user already has one open on it. */
export function insertReport(db: Db, resourceId: number, userId: number, reason: string): number {
  return Number(db.prepare('INSERT INTO reports (resource_id, user_id, reason) VALUES (?, ?, ?)').run(resourceId, userId, reason).lastInsertRowid);
}

export function dismissReport(db: Db, id: number, actorId: number): boolean {
  return (
    db
      .prepare(`UPDATE reports SET status = 'dismissed', resolved_by = ?, resolved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'open'`)
      .run(actorId, id).changes === 1
  );
}
