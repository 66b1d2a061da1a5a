import type { Db } from '../db/connection.ts';

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

export function findReport(db: Db, id: number): DbReport | undefined {
  return db.prepare<[number], DbReport>(`${REPORT_SELECT} WHERE p.id = ?`).get(id);
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
