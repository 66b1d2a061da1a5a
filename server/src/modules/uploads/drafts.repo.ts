import type { Db } from '../../db/connection.ts';

export interface NewDraft {
  global_id: string;
  title: string;
  type_code: number;
  author: string;
  source: string;
  license: string;
  description: string;
  category_id: number | null;
  user_id: number;
}

/** A new resource, always a draft, with its owner's rights declaration. */
export function insertDraft(db: Db, d: NewDraft): number {
  return Number(
    db
      .prepare(
        `INSERT INTO resources (global_id, title, type_code, author, source, license, description, category_id, user_id, status, rights_declared)
         VALUES (@global_id, @title, @type_code, @author, @source, @license, @description, @category_id, @user_id, 'draft', 1)`,
      )
      .run(d).lastInsertRowid,
  );
}

export interface ResourceChanges {
  title?: string;
  type_code?: number;
  author?: string;
  source?: string;
  license?: string;
  description?: string;
  category_id?: number | null;
}

const EDITABLE = ['title', 'type_code', 'author', 'source', 'license', 'description', 'category_id'] as const;

export function updateResourceFields(db: Db, id: number, changes: ResourceChanges): void {
  const columns = EDITABLE.filter((c) => changes[c] !== undefined);
  if (columns.length === 0) return;
  const set = columns.map((c) => `${c} = @${c}`).join(', ');
  db.prepare(`UPDATE resources SET ${set}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = @id`).run({ ...changes, id });
}

/** The resource's file (and, for images, the cover made from it). */
export function setResourceFile(db: Db, id: number, f: { sha256: string; name: string | null; autoCover: string | null }): void {
  db.prepare(
    `UPDATE resources SET media_sha256 = @sha256, media_name = @name,
       cover_sha256 = CASE WHEN @autoCover IS NOT NULL AND cover_custom = 0 THEN @autoCover ELSE cover_sha256 END,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = @id`,
  ).run({ id, ...f });
}

export function setResourceCover(db: Db, id: number, sha256: string | null, custom: boolean): void {
  db.prepare("UPDATE resources SET cover_sha256 = ?, cover_custom = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(sha256, custom ? 1 : 0, id);
}

export function deleteResourceRow(db: Db, id: number): void {
  db.prepare('DELETE FROM resources WHERE id = ?').run(id);
}

export function findImageMedia(db: Db, sha256: string): { sha256: string; ext: string; width: number | null; height: number | null } | undefined {
  return db
    .prepare<[string], { sha256: string; ext: string; width: number | null; height: number | null }>('SELECT sha256, ext, width, height FROM media WHERE sha256 = ?')
    .get(sha256);
}
