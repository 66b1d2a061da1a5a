import type { Db } from '../../db/connection.ts';
import { changeStamp, type ChangeStamp, type Watch } from '../../db/table-memo.ts';

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
 * Inside the database, an answer is used only while nothing it read changed
 * (db/table-memo.ts counts the changes, whatever writes them): resources
 * inserted or deleted, their searched, filtered or sorted columns given a
 * different value (the same text saved again changes neither the index's
 * words nor its counts, so no answer), and any change to categories (their
 * names are in the text index). Views and downloads change every few seconds
 * on a busy kit, so they are counted apart, read only by the orders by views
 * and by downloads.
 */

/** Columns of `resources` a text search matches (FTS), filters or sorts on; title_sort derives from title. */
export const SEARCHED_COLUMNS = ['id', 'title', 'description', 'author', 'type_code', 'category_id', 'user_id', 'status', 'created_at'] as const;
/** Counters that only the orders by views and by downloads read. */
export const COUNTED_COLUMNS = ['views', 'downloads'] as const;

/** Answers from fewer candidates cost a few ms: not worth memory, nor pushing common words out. */
export const REMEMBER_FROM_CANDIDATES = 500;
/** At most 64 × 2000 ids (~1 MB). */
export const MAX_REMEMBERED = 64;

export interface IdWindow {
  /** every id of the answer, in order */
  ids: number[];
  capped: boolean;
  /** ordered by relevance: which of `ids` have every word in their title (relevance's first tier) */
  titled: ReadonlySet<number> | null;
}

export class SearchAnswers {
  private readonly answers = new Map<string, { stamp: string; window: IdWindow }>();
  /** Of what every search reads, and of that and the counters. */
  private readonly content: ChangeStamp;
  private readonly contentAndCounts: ChangeStamp;

  constructor(db: Db) {
    const content: Watch[] = [
      { table: 'resources', columns: SEARCHED_COLUMNS },
      { table: 'categories' },
    ];
    this.content = changeStamp(db, content);
    this.contentAndCounts = changeStamp(db, [...content, { table: 'resources', columns: COUNTED_COLUMNS }]);
  }

  private stampOf(readsCounts: boolean): ChangeStamp {
    return readsCounts ? this.contentAndCounts : this.content;
  }

  /** The remembered answer for key, if nothing it depends on changed since. */
  recall(key: string, readsCounts: boolean): IdWindow | undefined {
    const entry = this.answers.get(key);
    if (entry === undefined) return undefined;
    this.answers.delete(key);
    if (entry.stamp !== this.stampOf(readsCounts).now()) return undefined;
    this.answers.set(key, entry); // most recently used last
    return entry.window;
  }

  /** Keeps an answer just computed, in the same tick (no write in between); not inside a transaction. */
  remember(key: string, readsCounts: boolean, window: IdWindow): void {
    const stamp = this.stampOf(readsCounts).forKeeping();
    if (stamp === null) return;
    this.answers.set(key, { stamp, window });
    const oldest = this.answers.keys().next().value;
    if (this.answers.size > MAX_REMEMBERED && oldest !== undefined) this.answers.delete(oldest);
  }
}

const byDb = new WeakMap<Db, SearchAnswers>();

/** This connection's answers. */
export function searchAnswersFor(db: Db): SearchAnswers {
  let answers = byDb.get(db);
  if (answers === undefined) {
    answers = new SearchAnswers(db);
    byDb.set(db, answers);
  }
  return answers;
}
