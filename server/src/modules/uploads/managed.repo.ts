import type { ResourceStatus } from '@kit/contract';
import type { Db } from '../../db/connection.ts';

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
