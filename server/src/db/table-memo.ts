import type Database from 'better-sqlite3';
import type { Db } from './connection.ts';

/**
 * Values computed from a few small tables (the category tree, the kit's
 * settings) that every request reads, kept until one of those tables changes.
 *
 * Temporary triggers on this connection count every INSERT, UPDATE and
 * DELETE of a watched table, whatever code path makes it (admin routes,
 * imports, seeds, foreign-key actions), so no writer can forget to
 * invalidate. `PRAGMA data_version` adds the commits of any other connection
 * (backup and import tools). Nothing is kept inside a transaction: a value
 * read there may see writes that roll back while the counts stay.
 */

const CHANGED = 'kit_table_changed';

interface Watch {
  /** changes counted per watched table since the watch began */
  counts: Map<string, number>;
  dataVersion: Database.Statement<[], number>;
}

const watches = new WeakMap<Db, Watch>();

function watchOf(db: Db): Watch {
  let watch = watches.get(db);
  if (watch === undefined) {
    const counts = new Map<string, number>();
    db.function(CHANGED, { deterministic: false }, (table: unknown) => {
      const name = String(table);
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return null;
    });
    watch = { counts, dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck() };
    watches.set(db, watch);
  }
  return watch;
}

/** Starts counting TABLE's changes (once per connection). */
function watchTable(db: Db, watch: Watch, table: string): void {
  if (watch.counts.has(table)) return;
  if (!/^[a-z_]+$/.test(table)) throw new Error(`table-memo: not a table name: ${table}`);
  db.exec(
    ['INSERT', 'UPDATE', 'DELETE']
      .map((event) => `CREATE TEMP TRIGGER IF NOT EXISTS ${CHANGED}_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} BEGIN SELECT ${CHANGED}('${table}'); END;`)
      .join('\n'),
  );
  watch.counts.set(table, 0);
}

/**
 * What TABLES looked like: equal stamps mean no change in between. Null
 * inside a transaction, where nothing may be kept (nor triggers created: they
 * would roll back with it).
 */
function stampOf(db: Db, tables: readonly string[]): string | null {
  if (db.inTransaction) return null;
  const watch = watchOf(db);
  for (const table of tables) watchTable(db, watch, table);
  return `${tables.map((t) => watch.counts.get(t)).join(':')}@${watch.dataVersion.get()}`;
}

/**
 * BUILD(db)'s answer, computed again only after a change to one of TABLES
 * (per connection). The answer is shared by every caller until then, so it
 * must not be changed by them (freeze what could be).
 */
export function memoOnTables<T>(tables: readonly string[], build: (db: Db) => T): (db: Db) => T {
  const kept = new WeakMap<Db, { stamp: string; value: T }>();
  return (db) => {
    // The stamp is taken before reading, so a commit in between only costs a second read.
    const stamp = stampOf(db, tables);
    const entry = kept.get(db);
    if (stamp !== null && entry?.stamp === stamp) return entry.value;
    const value = build(db);
    if (stamp !== null) kept.set(db, { stamp, value });
    return value;
  };
}
