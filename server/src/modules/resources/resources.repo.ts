import type { Db } from '../../db/connection.ts';

/** The file behind a resource, with what deciding who may fetch it needs. */
export interface DbResourceMedia {
  id: number;
  title: string;
  status: string;
  user_id: number | null;
  sha256: string;
  ext: string;
  mime: string;
}

export function findResourceMedia(db: Db, id: number): DbResourceMedia | undefined {
  return db
    .prepare<[number], DbResourceMedia>(
      `SELECT r.id, r.title, r.status, r.user_id, m.sha256, m.ext, m.mime
       FROM resources r JOIN media m ON m.sha256 = r.media_sha256 WHERE r.id = ?`,
    )
    .get(id);
}


export interface RandomFilter {
  typeCode: number | null;
  /** categories the caller may not see (hidden subtrees) */
  excludeCategoryIds: readonly number[];
}

/**
 * A random published resource: a random point in the id range and the first
 * match at or after it (wrapping round), two primary-key walks instead of
 * ORDER BY random() over the whole table. Ids after gaps are a little likelier;
 * for a "surprise me" button that is fine.
 */
export function randomPublishedId(db: Db, filter: RandomFilter): number | null {
  const bounds = db.prepare<[], { lo: number | null; hi: number | null }>("SELECT min(id) AS lo, max(id) AS hi FROM resources WHERE status = 'published'").get();
  if (!bounds || bounds.lo === null || bounds.hi === null) return null;
  const pivot = bounds.lo + Math.floor(Math.random() * (bounds.hi - bounds.lo + 1));
  const where = `status = 'published'
    AND (@type IS NULL OR type_code = @type)
    AND (category_id IS NULL OR category_id NOT IN (SELECT value FROM json_each(@hidden)))`;
  const params = { pivot, type: filter.typeCode, hidden: JSON.stringify(filter.excludeCategoryIds) };
  const after = db.prepare<typeof params, { id: number }>(`SELECT id FROM resources WHERE id >= @pivot AND ${where} ORDER BY id LIMIT 1`).get(params);
  if (after) return after.id;
  const before = db.prepare<typeof params, { id: number }>(`SELECT id FROM resources WHERE id < @pivot AND ${where} ORDER BY id DESC LIMIT 1`).get(params);
  return before?.id ?? null;
}
