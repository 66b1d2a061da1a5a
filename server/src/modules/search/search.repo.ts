import type { SearchOrderBy } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { foldSql, titleMatchExpression } from './search.query.ts';
import { REMEMBER_FROM_CANDIDATES, searchAnswersFor, type IdWindow } from './search-answers.ts';
import { containing } from '../../db/like.ts';

/**
 * The work cap of a text search.
 *
 * better-sqlite3 is synchronous: while a query runs, no other request and no
 * video stream on the kit moves. Ranking every match of a word found in every
 * resource costs time in proportion to the library (measured: ~110 ms at 100k
 * resources on a 2-core x86, several times that on a Pi). So a text search
 * takes only the newest SEARCH_CANDIDATE_CAP resources whose text matches
 * (FTS5 walks its index newest id first and stops there, in ONE execution of
 * the MATCH), applies the filters to those by primary key, and ranks or sorts
 * only them. What that gives up: when the text matches more than the cap,
 * older matches are not found and `total` counts only the window; the answer
 * says so with `capped: true` (the page asks for more words), and a second
 * word or a filter narrows it. A word found in more than 2000 resources is
 * in a fifth of a large village library: too broad to read through anyway.
 *
 * Each candidate costs a filter probe and bm25 (about 2.5 µs together on a
 * 2-core x86, three times that on a Pi 4), so the cap bounds how long a
 * broad search holds everything else up. Measured at 100k generated
 * resources, CPU time of the first ask of the bench's searches (a word found
 * in half the library at worst): p95 17 ms with 5000 candidates, 8 ms with
 * 2000 (docs/PERFORMANCE.md, "Title search beside the resources").
 *
 * What the cap cannot bound, because FTS5 does it before returning a row:
 * bm25's document-frequency pass over each word's index entries, and the
 * expansion of a last-word prefix longer than the prefix index (6 letters,
 * migration 0019). Both are a linear scan of compact index data, not of the
 * table (~2 ms for a word in 60 000 resources). The same search asked again,
 * or its next page, is answered from memory (search-answers.ts) in about
 * 1 ms until the library changes. At a kit's realistic 1–10k resources, a
 * tenth of that or less.
 */
export const SEARCH_CANDIDATE_CAP = 2000;

/**
 * bm25 weights per FTS column (title, description, author, category: the names of the
 * resource's category and of every category above it). Relevance ranks the resources
 * with every word in the title first whatever bm25 says (a long description lowers a
 * title match below a short resource found only by its category's name), then bm25.
 */
export const BM25_WEIGHTS = [10, 1, 4, 2] as const;

export interface ResourceFilter {
  /** false: published only (every public list); true: every status (an owner's or an admin's view of a user's resources) */
  allStatuses: boolean;
  typeCode: number | null;
  /** already expanded to descendants; null for no category filter */
  categoryIds: readonly number[] | null;
  userId: number | null;
  /** hidden categories the viewer may not see */
  excludeCategoryIds: readonly number[];
}

export interface ResourceOrder {
  by: SearchOrderBy;
  dir: 'asc' | 'desc';
}

export interface IdPage {
  ids: number[];
  total: number;
  capped: boolean;
}

/** A page of a text search; by relevance, with the page's ids that have every word in their title. */
export interface SearchPage extends IdPage {
  titled: ReadonlySet<number> | null;
}

/**
 * The filter's WHERE clauses. `perRow`: the rows are already found one by one
 * (a search window), so a category list is a test on each, never a seek per
 * listed category (the planner would otherwise use the list in the id index).
 */
export function filterSql(filter: ResourceFilter, perRow = false): { where: string; params: Record<string, string | number> } {
  const category = perRow ? '+r.category_id' : 'r.category_id';
  const clauses: string[] = [];
  const params: Record<string, string | number> = {};
  if (!filter.allStatuses) clauses.push("r.status = 'published'");
  if (filter.typeCode !== null) {
    clauses.push('r.type_code = @type');
    params.type = filter.typeCode;
  }
  if (filter.categoryIds !== null) {
    clauses.push(`${category} IN (SELECT value FROM json_each(@categories))`);
    params.categories = JSON.stringify(filter.categoryIds);
  }
  if (filter.userId !== null) {
    clauses.push('r.user_id = @user');
    params.user = filter.userId;
  }
  if (filter.excludeCategoryIds.length > 0) {
    clauses.push('(r.category_id IS NULL OR r.category_id NOT IN (SELECT value FROM json_each(@hidden)))');
    params.hidden = JSON.stringify(filter.excludeCategoryIds);
  }
  return { where: clauses.length > 0 ? clauses.join(' AND ') : '1', params };
}

const SORT_COLUMN: Record<Exclude<SearchOrderBy, 'relevance'>, string> = {
  created_at: 'r.created_at',
  views: 'r.views',
  downloads: 'r.downloads',
  title: 'r.title_sort',
};

const DIR = { asc: 'ASC', desc: 'DESC' } as const;

/**
 * Resources without a text query, in the asked order: each order has an
 * index on (status, column) (migrations 0001 and 0002), so a page is an
 * index walk and the total an index count.
 */
export function browseResourceIds(db: Db, filter: ResourceFilter, order: ResourceOrder, limit: number, offset: number): IdPage {
  const { where, params } = filterSql(filter);
  const column = SORT_COLUMN[order.by === 'relevance' ? 'created_at' : order.by];
  const dir = DIR[order.dir];
  const ids = db
    .prepare<Record<string, string | number>, { id: number }>(
      `SELECT r.id FROM resources r WHERE ${where} ORDER BY ${column} ${dir}, r.id ${dir} LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit, offset })
    .map((r) => r.id);
  const total = db.prepare<Record<string, string | number>, { n: number }>(`SELECT count(*) AS n FROM resources r WHERE ${where}`).get(params)?.n ?? 0;
  return { ids, total, capped: false };
}

/**
 * Resources matching an FTS5 expression (built by search.query.ts, never raw
 * user text), filtered, ordered and paged, within SEARCH_CANDIDATE_CAP (see
 * above). One statement reads the window from FTS5 (with bm25 when ranking),
 * filters and sorts it, and says whether the window was cut (see
 * windowStatement). The whole ordered answer of a costly
 * search is remembered until what it read changes (search-answers.ts), so the
 * same search again, or its next page, costs a slice.
 */
export function searchResourceIds(
  db: Db,
  match: string,
  filter: ResourceFilter,
  order: ResourceOrder,
  limit: number,
  offset: number,
  cap: number = SEARCH_CANDIDATE_CAP,
): SearchPage {
  const answers = searchAnswersFor(db);
  const readsCounts = order.by === 'views' || order.by === 'downloads';
  const key = JSON.stringify([match, filter, order, cap]);
  let window = answers.recall(key, readsCounts);
  if (window === undefined) {
    const found = searchWindow(db, match, filter, order, cap);
    window = found.window;
    if (found.candidates >= REMEMBER_FROM_CANDIDATES) answers.remember(key, readsCounts, window);
  }
  const ids = window.ids.slice(offset, offset + limit);
  const titled = window.titled;
  return { ids, total: window.ids.length, capped: window.capped, titled: titled && new Set(ids.filter((id) => titled.has(id))) };
}

/**
 * The one statement of a search window: the newest cap + 1 matches (one past
 * the cap: whether it is there says whether the answer is capped, with no
 * second pass over the matches; a last-word prefix longer than the prefix
 * index is expanded anew by every pass), filtered and sorted. Each row is
 * [id, matches in the window, 1 when every word is in the title (by
 * relevance; else null)]. Exported for the query-plan test.
 */
export function windowStatement(filter: ResourceFilter, order: ResourceOrder): { sql: string; params: Record<string, string | number> } {
  const { where, params } = filterSql(filter, true);
  const dir = DIR[order.dir];
  // Title matches first: one FTS read of the title column, from the window's oldest id on
  // (FTS5 seeks to it), kept as a set. bm25 is lower for better matches, so "desc" (best
  // first) sorts scores up; "asc" reads the same order from the end.
  const best = order.dir === 'desc' ? { title: 'DESC', score: 'ASC' } : { title: 'ASC', score: 'DESC' };
  const relevance = order.by === 'relevance';
  const titled = relevance ? 'w.id IN (SELECT rowid FROM resources_fts WHERE resources_fts MATCH @titleMatch AND rowid >= (SELECT oldest FROM n))' : 'NULL';
  const sort = order.by === 'relevance' ? `titled ${best.title}, w.score ${best.score}` : `${SORT_COLUMN[order.by]} ${dir}`;
  const score = relevance ? `bm25(resources_fts, ${BM25_WEIGHTS.join(', ')})` : 'NULL';
  // Relevance reads only the filtered columns: their narrow index (migration
  // 0012) stays in SQLite's cache where the rows, spread over the file, do not.
  const rows = relevance ? 'resources r INDEXED BY resources_search_filter' : 'resources r';
  // CROSS JOIN keeps the window outside: one probe per candidate (left to
  // itself the planner may walk a whole status index).
  const sql = `WITH w AS MATERIALIZED (SELECT rowid AS id, ${score} AS score FROM resources_fts WHERE resources_fts MATCH @match ORDER BY rowid DESC LIMIT @cap + 1),
            n AS MATERIALIZED (SELECT count(*) AS matches, min(id) AS oldest FROM w)
       SELECT r.id, n.matches, ${titled} AS titled FROM n CROSS JOIN w CROSS JOIN ${rows} ON r.id = w.id
       WHERE (n.matches <= @cap OR w.id > n.oldest) AND ${where} ORDER BY ${sort}, r.id ${dir}`;
  return { sql, params };
}

function searchWindow(db: Db, match: string, filter: ResourceFilter, order: ResourceOrder, cap: number): { window: IdWindow; candidates: number } {
  const { sql, params } = windowStatement(filter, order);
  const found = db
    .prepare<Record<string, string | number>, [number, number, 0 | 1 | null]>(sql)
    .raw()
    .all({ ...params, match, cap, ...(order.by === 'relevance' ? { titleMatch: titleMatchExpression(match) } : {}) });
  // Nothing passed the filters: only then are the matches counted apart.
  const candidates = found[0]?.[1] ?? db
    .prepare<[string, number], number>('SELECT count(*) FROM (SELECT 1 FROM resources_fts WHERE resources_fts MATCH ? LIMIT ?)')
    .pluck()
    .get(match, cap + 1) ?? 0;
  const titled = order.by === 'relevance' ? new Set(found.flatMap(([id, , inTitle]) => (inTitle === 1 ? [id] : []))) : null;
  return { window: { ids: found.map(([id]) => id), capped: candidates > cap, titled }, candidates };
}

export interface DbSearchUser {
  id: number;
  user_name: string;
  name: string;
  last_name: string;
  blocked: number;
  image_sha256: string | null;
  image_ext: string | null;
}

/**
 * Users whose user name, name or last name contain every word (folded:
 * jose finds José). Blocked users are left out. A village has hundreds of
 * users, not hundreds of thousands: a scan is fine; the count stops at 1000.
 */
export function searchUsers(db: Db, foldedTerms: readonly string[], limit: number): { rows: DbSearchUser[]; total: number } {
  if (foldedTerms.length === 0) return { rows: [], total: 0 };
  const haystack = foldSql("u.user_name || ' ' || u.name || ' ' || u.last_name");
  const where = ['u.blocked = 0', ...foldedTerms.map((_, i) => `${haystack} LIKE @t${i} ESCAPE '\\'`)].join(' AND ');
  const params = Object.fromEntries(foldedTerms.map((t, i) => [`t${i}`, containing(t)]));
  const rows = db
    .prepare<Record<string, string | number>, DbSearchUser>(
      `SELECT u.id, u.user_name, u.name, u.last_name, u.blocked, m.sha256 AS image_sha256, m.ext AS image_ext
       FROM users u LEFT JOIN media m ON m.sha256 = u.image_sha256
       WHERE ${where} ORDER BY u.user_name LIMIT @limit`,
    )
    .all({ ...params, limit });
  const total = db.prepare<Record<string, string | number>, { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM users u WHERE ${where} LIMIT 1000)`).get(params)?.n ?? 0;
  return { rows, total };
}

/** The titles of `ids`, by id. */
export function resourceTitles(db: Db, ids: readonly number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare<[string], [number, string]>('SELECT id, title FROM resources WHERE id IN (SELECT value FROM json_each(?))')
    .raw()
    .all(JSON.stringify(ids));
  return new Map(rows);
}
