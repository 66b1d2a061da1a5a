import type { Db } from '../../db/connection.ts';

export function readDeniedUserIds(db: Db): number[] {
  return db.prepare<[], { user_id: number }>('SELECT user_id FROM denied_users ORDER BY user_id').all().map((r) => r.user_id);
}

/** Replaces the denied-users list (inside the caller's transaction when there is one). */
export function replaceDeniedUsers(db: Db, userIds: readonly number[]): void {
  db.prepare('DELETE FROM denied_users').run();
  const insert = db.prepare('INSERT INTO denied_users (user_id) VALUES (?)');
  for (const id of userIds) insert.run(id);
}

/** Which of these user ids exist. */
export function existingUserIds(db: Db, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = db.prepare<number[], { id: number }>(`SELECT id FROM users WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids);
  return new Set(rows.map((r) => r.id));
}

export function categoryExists(db: Db, id: number): boolean {
  return db.prepare('SELECT 1 FROM categories WHERE id = ?').get(id) !== undefined;
}
