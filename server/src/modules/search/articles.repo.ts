import type { Db } from '../../db/connection.ts';

/** A library's indexing (migration 0015): phase and resumable position for one file. */
export interface DbSearchIndex {
  resource_id: number;
  media_sha256: string;
  phase: 'titles' | 'text' | 'done' | 'failed';
  position: number;
  total: number;
  done: number;
}

export interface NewTitle {
  entry: number;
  redirect: 0 | 1;
  name: string;
  path: string;
  title: string;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The next checked library whose index is missing, of an older file, or
 * unfinished (lowest id first). A failed index waits for a new file.
 */
export const nextLibraryToIndex = (db: Db): { resource_id: number; media_sha256: string } | undefined =>
  db
    .prepare<[], { resource_id: number; media_sha256: string }>(
      `SELECT l.resource_id, l.media_sha256 FROM zim_libraries l LEFT JOIN zim_search_index s ON s.resource_id = l.resource_id
       WHERE l.check_state = 'ok' AND (s.resource_id IS NULL OR s.media_sha256 <> l.media_sha256 OR s.phase IN ('titles', 'text'))
       ORDER BY l.resource_id LIMIT 1`,
    )
    .get();

export const findSearchIndex = (db: Db, resourceId: number): DbSearchIndex | undefined =>
  db.prepare<[number], DbSearchIndex>('SELECT resource_id, media_sha256, phase, position, total, done FROM zim_search_index WHERE resource_id = ?').get(resourceId);

/** A new file's index from the start: the rows of any earlier file go. */
export function startSearchIndex(db: Db, resourceId: number, sha256: string, entries: number): void {
  db.transaction(() => {
    db.prepare('DELETE FROM zim_titles WHERE resource_id = ?').run(resourceId);
    db.prepare(`INSERT OR REPLACE INTO zim_search_index (resource_id, media_sha256, phase, position, total, done) VALUES (?, ?, 'titles', 0, ?, 0)`).run(
      resourceId,
      sha256,
      entries,
    );
  })();
}

/**
 * Moves the index of (resource, file) from `at` to `next` in one
 * transaction with `write`: false (nothing written) when the index is no
 * longer there (the resource was deleted, a new file landed) or another
 * writer moved it.
 */
function advance(db: Db, at: DbSearchIndex, next: Partial<Pick<DbSearchIndex, 'phase' | 'position' | 'total' | 'done'>>, write: () => void): boolean {
  return db.transaction(() => {
    const moved = db
      .prepare(
        `UPDATE zim_search_index SET phase = @phase, position = @position, total = @total, done = @done, updated_at = ${NOW}
         WHERE resource_id = @resource_id AND media_sha256 = @media_sha256 AND phase = @atPhase AND position = @atPosition`,
      )
      .run({ ...at, ...next, atPhase: at.phase, atPosition: at.position }).changes;
    if (moved === 0) return false;
    write();
    return true;
  })();
}

/** A batch of titles and the next entry to read. */
export function addTitles(db: Db, at: DbSearchIndex, titles: readonly NewTitle[], nextEntry: number): boolean {
  const insert = db.prepare('INSERT INTO zim_titles (resource_id, entry, redirect, name, path, title) VALUES (@resource_id, @entry, @redirect, @name, @path, @title)');
  return advance(db, at, { position: nextEntry }, () => {
    for (const title of titles) insert.run({ ...title, resource_id: at.resource_id });
  });
}

/** Every title read: the text comes next, article by article. */
export function startText(db: Db, at: DbSearchIndex): boolean {
  const articles = db.prepare<[number], number>('SELECT count(*) FROM zim_titles WHERE resource_id = ? AND redirect = 0').pluck().get(at.resource_id) ?? 0;
  return advance(db, at, { phase: 'text', position: 0, total: articles, done: 0 }, () => undefined);
}

/** The next articles whose text is not indexed yet, in id order. */
export const articlesAfter = (db: Db, resourceId: number, afterId: number, limit: number): Array<{ id: number; entry: number }> =>
  db
    .prepare<[number, number, number], { id: number; entry: number }>('SELECT id, entry FROM zim_titles WHERE resource_id = ? AND redirect = 0 AND id > ? ORDER BY id LIMIT ?')
    .all(resourceId, afterId, limit);

/** A batch of articles' text; `lastId` is the last article the batch read (with or without text). */
export function addTexts(db: Db, at: DbSearchIndex, texts: ReadonlyArray<{ id: number; body: string }>, lastId: number, read: number): boolean {
  const insert = db.prepare('INSERT INTO zim_text_fts (rowid, body) VALUES (?, ?)');
  return advance(db, at, { position: lastId, done: at.done + read }, () => {
    for (const text of texts) insert.run(text.id, text.body);
  });
}

export const finishSearchIndex = (db: Db, at: DbSearchIndex, phase: 'done' | 'failed'): boolean =>
  advance(db, at, { phase, done: phase === 'done' ? at.total : at.done }, () => undefined);
