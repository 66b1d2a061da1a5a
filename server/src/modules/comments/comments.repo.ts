import type { Db } from '../../db/connection.ts';

export interface DbComment {
  id: number;
  resource_id: number;
  user_id: number;
  user_name: string | null;
  user_blocked: number | null;
  user_image_sha256: string | null;
  comment: string;
  created_at: string;
}

const COMMENT_SELECT = `
  SELECT c.id, c.resource_id, c.user_id, u.user_name, u.blocked AS user_blocked, u.image_sha256 AS user_image_sha256,
         c.comment, c.created_at
  FROM comments c LEFT JOIN users u ON u.id = c.user_id`;

/** A resource's comments, newest first (the index on (resource_id, created_at DESC) serves it). */
export function listComments(db: Db, resourceId: number, limit: number, offset: number): { rows: DbComment[]; total: number } {
  const rows = db
    .prepare<[number, number, number], DbComment>(`${COMMENT_SELECT} WHERE c.resource_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`)
    .all(resourceId, limit, offset);
  const total = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM comments WHERE resource_id = ?').get(resourceId)?.n ?? 0;
  return { rows, total };
}

export function insertComment(db: Db, resourceId: number, userId: number, text: string): number {
  return Number(db.prepare('INSERT INTO comments (resource_id, user_id, comment) VALUES (?, ?, ?)').run(resourceId, userId, text).lastInsertRowid);
}

export function findComment(db: Db, id: number): DbComment | undefined {
  return db.prepare<[number], DbComment>(`${COMMENT_SELECT} WHERE c.id = ?`).get(id);
}

export function deleteComment(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM comments WHERE id = ?').run(id).changes === 1;
}
