import type { Db } from '../../db/connection.ts';

export interface DbAppExtras {
  id: number;
  description: string;
  app_version: string | null;
  has_file: number;
}

/** What /uapps shows beyond a resource card, for these resources. */
export function findAppExtras(db: Db, ids: readonly number[]): Map<number, DbAppExtras> {
  const rows = db
    .prepare<[string], DbAppExtras>(
      `SELECT r.id, r.description, r.app_version, (r.media_sha256 IS NOT NULL) AS has_file
       FROM json_each(?) AS j CROSS JOIN resources r ON r.id = j.value`,
    )
    .all(JSON.stringify(ids));
  return new Map(rows.map((row) => [row.id, row]));
}
