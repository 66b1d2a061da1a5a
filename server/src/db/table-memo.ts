import type Database from 'better-sqlite3';
import type { Db } from './connection.ts';

/**
 * Values kept until the database changes under them: the category tree and
 * the kit's settings (memoOnTables below), the answers of costly text
 * searches (modules/search/search-answers.ts).
 *
 * Temporary triggers on this connection count every change to what a value
 * was read from, whatever code path makes it (admin routes, imports, seeds,
 * foreign-key actions, and whatever comes next), so no writer can forget to
 * invalidate. `PRAGMA data_version` adds the commits of any other connection
 * (backup and import tools). A kept value is used only while the stamp of
 * its watches is what it was when the value was read.
 *
 * Nothing is kept inside a transaction: a value read there may see writes
 * that roll back while the counts stay. Nor do watches start there: their
 * triggers would roll back with it. A kept value may still be used inside
 * one, since a write there is counted (and a rollback leaves the count, which
 * only costs a second read).
 */

/**
 * What a watch counts: every INSERT, UPDATE and DELETE of TABLE; or, with
 * COLUMNS, inserts, deletes and the UPDATEs that give one of those columns a
 * different value (an edit form sends every field, so saving one rewrites the
 * others as they were: that changes nothing read from them).
 */
export interface Watch {
  table: string;
  columns?: readonly string[];
}

const CHANGED = 'kit_changed';

interface Counting {
  /** changes counted per watch (by its trigger name) since the watch began */
  counts: Map<string, number>;
  /** Prepared once: db.pragma() compiles its statement anew on every call. */
  dataVersion: Database.Statement<[], number>;
}

const countings = new WeakMap<Db, Counting>();

function countingOf(db: Db): Counting {
  let counting = countings.get(db);
  if (counting === undefined) {
    const counts = new Map<string, number>();
    db.function(CHANGED, { deterministic: false }, (watch: unknown) => {
      const name = String(watch);
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return null;
    });
    counting = { counts, dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck() };
    countings.set(db, counting);
  }
  return counting;
}

function checkedName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`table-memo: not a table or column name: ${name}`);
  return name;
}

/** The watch's name in SQL: its triggers' prefix and the key of its count. */
function nameOf(watch: Watch): string {
  const table = checkedName(watch.table);
  return watch.columns === undefined ? `${CHANGED}_${table}` : `${CHANGED}_${table}_of_${watch.columns.map(checkedName).join('_')}`;
}

/** The triggers that count WATCH's changes under NAME. */
function triggersOf(watch: Watch, name: string): string {
  const trigger = (event: string, suffix: string, when = '') =>
    `CREATE TEMP TRIGGER IF NOT EXISTS ${name}_${suffix} AFTER ${event} ON main.${watch.table} ${when} BEGIN SELECT ${CHANGED}('${name}'); END;`;
  const columns = watch.columns;
  const update =
    columns === undefined
      ? trigger('UPDATE', 'update')
      : trigger(`UPDATE OF ${columns.join(', ')}`, 'update', `WHEN ${columns.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')}`);
  return [trigger('INSERT', 'insert'), update, trigger('DELETE', 'delete')].join('\n');
}

export interface ChangeStamp {
  /**
   * What the watched data looks like now: equal stamps mean no change in
   * between. Null while the watches have not started (first asked inside a
   * transaction).
   */
  now(): string | null;
  /** The stamp to keep a value just read under; null inside a transaction, where nothing may be kept. */
  forKeeping(): string | null;
}

/** The stamp of WATCHES on DB (each watch's triggers made once per connection). */
export function changeStamp(db: Db, watches: readonly Watch[]): ChangeStamp {
  const named = watches.map((watch) => ({ watch, name: nameOf(watch) }));
  let started = false;
  const now = (): string | null => {
    const { counts, dataVersion } = countingOf(db);
    if (!started) {
      if (db.inTransaction) return null;
      const unwatched = named.filter(({ name }) => !counts.has(name));
      db.exec(unwatched.map(({ watch, name }) => triggersOf(watch, name)).join('\n'));
      for (const { name } of unwatched) counts.set(name, 0);
      started = true;
    }
    return `${named.map(({ name }) => counts.get(name)).join(':')}@${dataVersion.get()}`;
  };
  return { now, forKeeping: () => (db.inTransaction ? null : now()) };
}

/**
 * BUILD(db)'s answer, computed again only after a change to one of TABLES
 * (per connection). The answer is shared by every caller until then, so it
 * must not be changed by them (freeze what could be).
 */
export function memoOnTables<T>(tables: readonly string[], build: (db: Db) => T): (db: Db) => T {
  const watches = tables.map((table) => ({ table }));
  const stamps = new WeakMap<Db, ChangeStamp>();
  const kept = new WeakMap<Db, { stamp: string; value: T }>();
  return (db) => {
    let stamp = stamps.get(db);
    if (stamp === undefined) {
      stamp = changeStamp(db, watches);
      stamps.set(db, stamp);
    }
    const entry = kept.get(db);
    if (entry !== undefined && entry.stamp === stamp.now()) return entry.value;
    // The stamp is taken before reading, so a commit in between only costs a second read.
    const before = stamp.forKeeping();
    const value = build(db);
    if (before !== null) kept.set(db, { stamp: before, value });
    return value;
  };
}
