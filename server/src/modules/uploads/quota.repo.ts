import type { Db } from '../../db/connection.ts';

/**
 * Bytes a user holds on the kit: the files of their resources (any status,
 * drafts included) and the declared size of each of their unfinished uploads
 * (the room it reserved, which covers what it received). EXCEPT names a
 * resource whose file is left out (a new file for it replaces that file);
 * its unfinished uploads still count: they hold their bytes until a file
 * lands on the resource and discards them. null leaves out nothing.
 */
export function storedBytesOf(db: Db, userId: number, except: number | null): number {
  const row = db
    .prepare<{ user: number; except: number | null }, { bytes: number }>(
      `SELECT
         (SELECT COALESCE(SUM(m.size), 0) FROM resources r JOIN media m ON m.sha256 = r.media_sha256
           WHERE r.user_id = @user AND r.id IS NOT @except)
       + (SELECT COALESCE(SUM(u.size), 0) FROM uploads u WHERE u.user_id = @user) AS bytes`,
    )
    .get({ user: userId, except });
  return row?.bytes ?? 0;
}
