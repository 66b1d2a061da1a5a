import type { Db } from '../../db/connection.ts';

/**
 * Bytes a user holds on the kit: the files of their resources (any status,
 * drafts included) and the declared size of each of their unfinished uploads.
 * EXCEPT names a resource whose file and upload leave out (a new file for it
 * replaces both); null leaves out nothing.
 */
export function storedBytesOf(db: Db, userId: number, except: number | null): number {
  const row = db
    .prepare<{ user: number; except: number | null }, { bytes: number }>(
      `SELECT
         (SELECT COALESCE(SUM(m.size), 0) FROM resources r JOIN media m ON m.sha256 = r.media_sha256
           WHERE r.user_id = @user AND r.id IS NOT @except)
       + (SELECT COALESCE(SUM(u.size), 0) FROM uploads u
           WHERE u.user_id = @user AND u.resource_id IS NOT @except) AS bytes`,
    )
    .get({ user: userId, except });
  return row?.bytes ?? 0;
}
