import type { Db } from '../../db/connection.ts';

/**
 * Remembered answers of costly text searches.
 *
 * A word found in thousands of resources costs tens of ms of synchronous
 * SQLite work (bm25 and a filter probe per candidate, see search.repo.ts)
 * during which nothing else on the kit moves, and a village asks the same few
 * words again and again. So the ordered, filtered ids of such a search (all
 * its pages: at most SEARCH_CANDIDATE_CAP numbers) are kept, keyed by all
 * that the answer depends on outside the database: the MATCH expression, the
 * filter as resolved for the viewer (hidden categories and category subtrees
 * already expanded to ids, so hiding or moving a category changes the key),
 * the order and the cap. Only ids are kept: titles, covers and counts on the
 * cards are read fresh for every answer.
 *
 * Inside the database, temporary triggers on this connection count every
 * change to what a text search reads: resources inserted or deleted, their
 * searched, filtered or sorted columns changed (written with a different
 * value: the same text saved again changes neither the index's words nor its
 * counts, so no answer), and any change to categories
 * (their names are in the text index). An answer is used only while the count
 * is what it was when the answer was computed. Every write path (publishing,
 * blocking, editing, deleting, imports, seeds, and whatever comes next) goes
 * through SQLite, so none can forget to invalidate. `PRAGMA data_version`
 * adds the commits of any other connection (backup and import tools).
 * Views and downloads change every few seconds on a busy kit, so they have
 * their own count, which only the orders by views and by downloads read.
 */

/** Columns of `resources` a text search matches (FTS), filters or sorts on; title_sort derives from title. */
export const SEARCHED_COLUMNS = ['id', 'title', 'description', 'author', 'type_code', 'category_id', 'user_id', 'status', 'created_at'] as const;
/** Counters that only the orders by views and by downloads read. */
export const COUNTED_COLUMNS = ['views', 'downloads'] as const;

/** Answers from fewer candidates cost a few ms: not worth memory, nor pushing common words out. */
export const REMEMBER_FROM_CANDIDATES = 500;
/** At most 64 × 5000 ids (~2.5 MB). */
export const MAX_REMEMBERED = 64;

export interface IdWindow {
  /** every id of the answer, in order */
  ids: number[];
  capped: boolean;
}

export class SearchAnswers {
  private readonly changes = { content: 0, counts: 0 };
  private readonly answers = new Map<string, { stamp: string; window: IdWindow }>();
  private readonly dataVersion: () => unknown;
  private readonly inTransaction: () => boolean;

  constructor(db: Db) {
    // Prepared once: db.pragma() compiles its statement anew on every call,
    // which cost as much as answering a remembered search.
    const dataVersion = db.prepare('PRAGMA data_version').pluck();
    this.dataVersion = () => dataVersion.get();
    this.inTransaction = () => db.inTransaction;
    const fn = 'search_answers_changed';
    db.function(fn, { deterministic: false }, (kind: unknown) => {
      this.changes[kind === 'counts' ? 'counts' : 'content']++;
      return null;
    });
    const on = (name: string, event: string, table: string, kind: 'content' | 'counts', when = '') =>
      `CREATE TEMP TRIGGER ${fn}_${name} AFTER ${event} ON main.${table} ${when} BEGIN SELECT ${fn}('${kind}'); END;`;
    // An UPDATE that writes a column without changing it (the edit form sends
    // every field, so changing only the licence rewrites the title as it was)
    // changes no answer: it must not drop them all.
    const changed = (columns: readonly string[]) => `WHEN ${columns.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')}`;
    db.exec(
      [
        on('resources_insert', 'INSERT', 'resources', 'content'),
        on('resources_delete', 'DELETE', 'resources', 'content'),
        on('resources_update', `UPDATE OF ${SEARCHED_COLUMNS.join(', ')}`, 'resources', 'content', changed(SEARCHED_COLUMNS)),
        on('resources_counts', `UPDATE OF ${COUNTED_COLUMNS.join(', ')}`, 'resources', 'counts', changed(COUNTED_COLUMNS)),
        on('categories_insert', 'INSERT', 'categories', 'content'),
        on('categories_delete', 'DELETE', 'categories', 'content'),
        on('categories_update', 'UPDATE', 'categories', 'content'),
      ].join('\n'),
    );
  }

  /** What the database looked like to an answer: the counts it depends on and other connections' commits. */
  private stamp(readsCounts: boolean): string {
    return `${this.changes.content}:${readsCounts ? this.changes.counts : '-'}:${String(this.dataVersion())}`;
  }

  /** The remembered answer for key, if nothing it depends on changed since. */
  recall(key: string, readsCounts: boolean): IdWindow | undefined {
    const entry = this.answers.get(key);
    if (entry === undefined) return undefined;
    this.answers.delete(key);
    if (entry.stamp !== this.stamp(readsCounts)) return undefined;
    this.answers.set(key, entry); // most recently used last
    return entry.window;
  }

  /**
   * Keeps an answer just computed, in the same tick (no write in between).
   * Not inside a transaction: its writes, seen by the answer, may roll back
   * while the counts stay.
   */
  remember(key: string, readsCounts: boolean, window: IdWindow): void {
    if (this.inTransaction()) return;
    this.answers.set(key, { stamp: this.stamp(readsCounts), window });
    const oldest = this.answers.keys().next().value;
    if (this.answers.size > MAX_REMEMBERED && oldest !== undefined) this.answers.delete(oldest);
  }
}

const byDb = new WeakMap<Db, SearchAnswers>();

/** This connection's answers; the first call sets up the change counting, before anything is remembered. */
export function searchAnswersFor(db: Db): SearchAnswers {
  let answers = byDb.get(db);
  if (answers === undefined) {
    answers = new SearchAnswers(db);
    byDb.set(db, answers);
  }
  return answers;
}
