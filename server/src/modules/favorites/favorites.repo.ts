import type { Db } from '../../db/connection.ts';

export function addFavorite(db: Db, userId: number, resourceId: number): void {
  db.prepare('INSERT OR IGNORE INTO favorites (user_id, resource_id) VALUES (?, ?)').run(userId, resourceId);
}

export function removeFavorite(db: Db, userId: number, resourceId: number): void {
  db.prepare('DELETE FROM favorites WHERE user_id = ? AND resource_id = ?').run(userId, resourceId);
}

export interface FavoriteFilter {
  userId: number;
  /** the person looking: their own resources show whatever their status */
  viewerId: number | null;
  /** admins see every item */
  all: boolean;
  /** hidden categories the viewer may not see */
  excludeCategoryIds: readonly number[];
}

/** A user's favourites the viewer may see, most recently added first. */
export function favoriteIds(db: Db, f: FavoriteFilter, limit: number, offset: number): { ids: number[]; total: number } {
  const where = `f.user_id = @user
    AND (r.status = 'published' OR @all = 1 OR r.user_id = @viewer)
    AND (r.category_id IS NULL OR r.category_id NOT IN (SELECT value FROM json_each(@hidden)))`;
  const params = { user: f.userId, viewer: f.viewerId, all: f.all ? 1 : 0, hidden: JSON.stringify(f.excludeCategoryIds) };
  const ids = db
    .prepare<typeof params & { limit: number; offset: number }, { id: number }>(
      `SELECT r.id FROM favorites f JOIN resources r ON r.id = f.resource_id WHERE ${where}
       ORDER BY f.created_at DESC, r.id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit, offset })
    .map((r) => r.id);
  const total = db.prepare<typeof params, { n: number }>(`SELECT count(*) AS n FROM favorites f JOIN resources r ON r.id = f.resource_id WHERE ${where}`).get(params)?.n ?? 0;
  return { ids, total };
}
