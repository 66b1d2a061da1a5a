import { holdBack } from '../../catalog/resources.repo.ts';
import { prepared } from '../../db/statements.ts';
import type { Db } from '../../db/connection.ts';

export type DbCheckState = 'checking' | 'ok' | 'failed';

export interface DbLibrary {
  resource_id: number;
  media_sha256: string;
  zim_uuid: string;
  language: string;
  creator: string;
  publisher: string;
  zim_date: string;
  article_count: number | null;
  media_count: number | null;
  size: number;
  check_state: DbCheckState;
  check_percent: number;
  check_reason: string | null;
}

export type NewLibrary = Omit<DbLibrary, 'check_state' | 'check_percent' | 'check_reason'>;

/** A library's row for its newly landed file: any earlier file's row and check are replaced, the check starts over. */
export function upsertLibrary(db: Db, row: NewLibrary): void {
  db.prepare(
    `INSERT OR REPLACE INTO zim_libraries (resource_id, media_sha256, zim_uuid, language, creator, publisher, zim_date, article_count, media_count, size)
     VALUES (@resource_id, @media_sha256, @zim_uuid, @language, @creator, @publisher, @zim_date, @article_count, @media_count, @size)`,
  ).run(row);
}

/** Read for every page and picture of an article: the statement is compiled once. */
export const findLibrary = (db: Db, resourceId: number): DbLibrary | undefined =>
  prepared<[number], DbLibrary>(db, 'SELECT * FROM zim_libraries WHERE resource_id = ?').get(resourceId);

/** Libraries whose check has not ended (cut by a stop): started again at boot. */
export const checkingLibraries = (db: Db): Array<{ resource_id: number; media_sha256: string }> =>
  db.prepare<[], { resource_id: number; media_sha256: string }>("SELECT resource_id, media_sha256 FROM zim_libraries WHERE check_state = 'checking' ORDER BY resource_id").all();

export function setCheckPercent(db: Db, resourceId: number, sha256: string, percent: number): void {
  db.prepare("UPDATE zim_libraries SET check_percent = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE resource_id = ? AND media_sha256 = ? AND check_state = 'checking'").run(
    percent,
    resourceId,
    sha256,
  );
}

/**
 * The check's end for the file it read (a newer file's row is left alone). A
 * failed one holds the resource back (the kit's own block, with its reason).
 */
export function finishCheck(db: Db, resourceId: number, sha256: string, outcome: { state: 'ok' } | { state: 'failed'; reason: string }): void {
  db.transaction(() => {
    const changed = db
      .prepare(
        "UPDATE zim_libraries SET check_state = ?, check_percent = ?, check_reason = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE resource_id = ? AND media_sha256 = ? AND check_state = 'checking'",
      )
      .run(outcome.state, outcome.state === 'ok' ? 100 : 0, outcome.state === 'failed' ? outcome.reason : null, resourceId, sha256).changes;
    if (changed > 0 && outcome.state === 'failed') holdBack(db, { id: resourceId }, outcome.reason);
  })();
}

