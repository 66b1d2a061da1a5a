import type { Db } from '../../db/connection.ts';

export interface DbUpload {
  id: string;
  user_id: number;
  resource_id: number;
  size: number;
  name: string | null;
  created_at: string;
  updated_at: string;
}

export function insertUpload(db: Db, u: Pick<DbUpload, 'id' | 'user_id' | 'resource_id' | 'size' | 'name'>): void {
  db.prepare('INSERT INTO uploads (id, user_id, resource_id, size, name) VALUES (@id, @user_id, @resource_id, @size, @name)').run(u);
}

export function findUpload(db: Db, id: string): DbUpload | undefined {
  return db.prepare<[string], DbUpload>('SELECT * FROM uploads WHERE id = ?').get(id);
}

/** The caller's unfinished uploads of these resources (at most one each). */
export function uploadsOf(db: Db, userId: number, resourceIds: readonly number[]): DbUpload[] {
  if (resourceIds.length === 0) return [];
  return db
    .prepare<[number, string], DbUpload>('SELECT * FROM uploads WHERE user_id = ? AND resource_id IN (SELECT value FROM json_each(?)) ORDER BY updated_at')
    .all(userId, JSON.stringify(resourceIds));
}

/**
 * Marks an upload as alive now, unless it was marked less than `freshMs` ago:
 * an UPDATE that matches no row writes nothing, so it costs no commit (with
 * synchronous=FULL, a commit waits for the disk on the event loop).
 */
export function touchUpload(db: Db, id: string, freshMs = 0): void {
  const before = new Date(Date.now() - freshMs).toISOString();
  db.prepare("UPDATE uploads SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND updated_at <= ?").run(id, before);
}

export function deleteUploadRow(db: Db, id: string): void {
  db.prepare('DELETE FROM uploads WHERE id = ?').run(id);
}

/** Forgets every unfinished upload of a resource, whoever started it; their ids (their part files are the caller's). */
export function deleteResourceUploads(db: Db, resourceId: number): string[] {
  return db.prepare<[number], { id: string }>('DELETE FROM uploads WHERE resource_id = ? RETURNING id').all(resourceId).map((r) => r.id);
}

/** Uploads nothing has touched since `before` (ISO time). */
export function staleUploadIds(db: Db, before: string): string[] {
  return db.prepare<[string], { id: string }>('SELECT id FROM uploads WHERE updated_at < ?').all(before).map((r) => r.id);
}

export function allUploadIds(db: Db): Set<string> {
  return new Set(db.prepare<[], { id: string }>('SELECT id FROM uploads').all().map((r) => r.id));
}
