import { RESOURCE_TYPES } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { filterSql, type ResourceFilter } from './search.repo.ts';

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
  /** the name's words, as the index cuts them (1–1000) */
  words: number;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The next checked library whose index is missing, of an older file, or
 * unfinished: an index a stop cut short first (a library's rows then keep
 * neighbouring ids, see searchLibraryArticles), then by id. A failed index
 * waits for a new file.
 */
export const nextLibraryToIndex = (db: Db): { resource_id: number; media_sha256: string } | undefined =>
  db
    .prepare<[], { resource_id: number; media_sha256: string }>(
      `SELECT l.resource_id, l.media_sha256 FROM zim_libraries l LEFT JOIN zim_search_index s ON s.resource_id = l.resource_id
       WHERE l.check_state = 'ok' AND (s.resource_id IS NULL OR s.media_sha256 <> l.media_sha256 OR s.phase IN ('titles', 'text'))
       ORDER BY s.media_sha256 IS l.media_sha256 DESC, l.resource_id LIMIT 1`,
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

/** Up to `limit` of a library's title rows go (their index entries with them, by the triggers); how many went. */
export const dropTitles = (db: Db, resourceId: number, limit: number): number =>
  db.prepare('DELETE FROM zim_titles WHERE id IN (SELECT id FROM zim_titles WHERE resource_id = ? ORDER BY id DESC LIMIT ?)').run(resourceId, limit).changes;

/** A batch of titles and the next entry to read. */
export function addTitles(db: Db, at: DbSearchIndex, titles: readonly NewTitle[], nextEntry: number): boolean {
  const insert = db.prepare('INSERT INTO zim_titles (resource_id, entry, redirect, name, path, title, words) VALUES (@resource_id, @entry, @redirect, @name, @path, @title, @words)');
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

export const finishSearchIndex = (db: Db, at: DbSearchIndex): boolean => advance(db, at, { phase: 'done', done: at.total }, () => undefined);

/**
 * The file (resource, sha256) could not be indexed: its index ends as failed,
 * even when it never started (the file did not open). Rows of an earlier file
 * go; nothing is written when the library or its file is no longer there.
 */
export function failSearchIndex(db: Db, resourceId: number, sha256: string): void {
  db.transaction(() => {
    const current = db.prepare<[number, string], number>('SELECT 1 FROM zim_libraries WHERE resource_id = ? AND media_sha256 = ?').pluck().get(resourceId, sha256);
    if (current === undefined) return;
    if (findSearchIndex(db, resourceId)?.media_sha256 !== sha256) startSearchIndex(db, resourceId, sha256, 0);
    db.prepare(`UPDATE zim_search_index SET phase = 'failed', updated_at = ${NOW} WHERE resource_id = ?`).run(resourceId);
  })();
}

/** An article found, with the library it is in and how many words the name found has. */
export interface DbArticleHit {
  resource_id: number;
  library_title: string;
  name: string;
  title: string;
  path: string;
  redirect: 0 | 1;
  words: number;
}

export interface ArticleHits {
  rows: DbArticleHit[];
  total: number;
  capped: boolean;
}

/**
 * zim_titles_fts's rowid is a title's rank key, (words << 40) | id (migration
 * 0018): read in rowid order, the titles come fewest words first.
 */
const ID_OF_KEY = '(rowid & 1099511627775)';

interface VisibleLibrary {
  id: number;
  library_title: string;
  low: number;
  high: number;
}

/**
 * The libraries `filter` lets through that have titles, with the span of
 * their rows' ids: a library's rows have neighbouring ids (one indexer at a
 * time), so a span is a cheap test on a title's key.
 */
function visibleLibraries(db: Db, filter: ResourceFilter): VisibleLibrary[] {
  const { where, params } = filterSql(filter);
  return db
    .prepare<Record<string, string | number>, VisibleLibrary>(
      `SELECT id, library_title, low, high FROM (
         SELECT r.id, r.title AS library_title, (SELECT min(id) FROM zim_titles WHERE resource_id = r.id) AS low, (SELECT max(id) FROM zim_titles WHERE resource_id = r.id) AS high
         FROM resources r WHERE r.type_code = ${RESOURCE_TYPES.LIBRARY} AND ${where})
       WHERE low IS NOT NULL`,
    )
    .all(params);
}

/** The SQL test that a title's key is in one of `libraries`' spans (their ids are integers from the database). */
const inSpans = (libraries: readonly VisibleLibrary[]): string =>
  `(${libraries.map((l) => `${ID_OF_KEY} BETWEEN ${Math.trunc(l.low)} AND ${Math.trunc(l.high)}`).join(' OR ')})`;

/** Title keys read per step while a page fills: a page of 24 mostly fills in one. */
const STEP = 64;

/**
 * Articles whose title (or another name, a redirect) has every word of
 * `match`, in the libraries `filter` lets through, fewest words first (then
 * in the library's order); a redirect and its target found by the same
 * words are one result, the first. Only the titles the first `limit`
 * results need are read. `total` is exact when they are all on the page;
 * beyond, it counts the names found (an article found by two of its names
 * counts twice), up to `cap`.
 */
export function searchArticleTitles(db: Db, match: string, filter: ResourceFilter, limit: number, cap: number): ArticleHits {
  const libraries = visibleLibraries(db, filter);
  if (libraries.length === 0) return { rows: [], total: 0, capped: false };
  const spans = inSpans(libraries);
  const keys = db.prepare<{ match: string; after: number; step: number }, { id: number; words: number; key: number }>(
    `SELECT ${ID_OF_KEY} AS id, rowid >> 40 AS words, rowid AS key FROM zim_titles_fts
     WHERE zim_titles_fts MATCH @match AND rowid > @after AND ${spans} ORDER BY rowid LIMIT @step`,
  );
  const titles = db.prepare<[string], Omit<DbArticleHit, 'library_title' | 'words'> & { id: number }>(
    'SELECT id, resource_id, name, title, path, redirect FROM zim_titles WHERE id IN (SELECT value FROM json_each(?))',
  );
  const libraryTitle = new Map(libraries.map((l) => [l.id, l.library_title]));
  const rows: DbArticleHit[] = [];
  const seen = new Set<string>();
  let after = -1;
  for (;;) {
    const step = keys.all({ match, after, step: STEP });
    const byId = new Map(titles.all(JSON.stringify(step.map((k) => k.id))).map((t) => [t.id, t]));
    for (const { id, words } of step) {
      const t = byId.get(id);
      const article = t && `${t.resource_id}/${t.path}`;
      if (!t || article === undefined || seen.has(article)) continue;
      seen.add(article);
      rows.push({ resource_id: t.resource_id, library_title: libraryTitle.get(t.resource_id) ?? '', name: t.name, title: t.title, path: t.path, redirect: t.redirect, words });
    }
    if (step.length < STEP) return { rows: rows.slice(0, limit), total: Math.min(rows.length, cap), capped: rows.length > cap };
    if (rows.length >= limit) break;
    after = step.at(-1)!.key;
  }
  const names = db
    .prepare<{ match: string; cap: number }, number>(`SELECT count(*) FROM (SELECT 1 FROM zim_titles_fts WHERE zim_titles_fts MATCH @match AND ${spans} LIMIT @cap + 1)`)
    .pluck()
    .get({ match, cap })!;
  return { rows: rows.slice(0, limit), total: Math.min(Math.max(names, rows.length), cap), capped: names > cap };
}

/**
 * One library's articles with every word of `match` in their title first
 * (fewest words first), then those with every word in their text (best by
 * bm25 first). A library's rows have neighbouring ids (one indexer at a
 * time), so both indexes are read in the library's id range only.
 */
export function searchLibraryArticles(db: Db, match: string, resourceId: number, limit: number, cap: number): ArticleHits {
  const hits = `WITH span AS MATERIALIZED (SELECT min(id) AS low, max(id) AS high FROM zim_titles WHERE resource_id = @library),
      titles AS MATERIALIZED (SELECT ${ID_OF_KEY} AS id, rowid >> 40 AS score FROM span CROSS JOIN zim_titles_fts
        WHERE zim_titles_fts MATCH @match AND ${ID_OF_KEY} BETWEEN span.low AND span.high ORDER BY rowid LIMIT @cap + 1),
      texts AS MATERIALIZED (SELECT rowid AS id, rank AS score FROM span CROSS JOIN zim_text_fts
        WHERE zim_text_fts MATCH @match AND rowid BETWEEN span.low AND span.high ORDER BY rank LIMIT @cap + 1),
      w AS (SELECT id, 0 AS tier, score FROM titles UNION ALL SELECT id, 1, score FROM texts)
    SELECT t.resource_id, r.title AS library_title, t.name, t.title, t.path, t.redirect, t.words, min(w.tier * 1e9 + w.score) AS best
    FROM w CROSS JOIN zim_titles t ON t.id = w.id CROSS JOIN resources r ON r.id = t.resource_id
    WHERE t.resource_id = @library GROUP BY t.resource_id, t.path`; // a redirect and its target: one result, the best
  const all = db.prepare<Record<string, string | number>, DbArticleHit>(`${hits} ORDER BY best, t.id`).all({ library: resourceId, match, cap });
  return { rows: all.slice(0, limit), total: Math.min(all.length, cap), capped: all.length > cap };
}

/** Whether `resourceId` is a library `filter` lets through. */
export function isVisibleLibrary(db: Db, resourceId: number, filter: ResourceFilter): boolean {
  const { where, params } = filterSql(filter);
  return db.prepare<Record<string, string | number>, number>(`SELECT 1 FROM resources r WHERE r.id = @id AND r.type_code = ${RESOURCE_TYPES.LIBRARY} AND ${where}`).pluck().get({ ...params, id: resourceId }) === 1;
}
