import type Database from 'better-sqlite3';
import type { Db } from './connection.ts';

const byDb = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The statement for SQL on this connection, compiled on first use and kept
 * for the connection's life. SQLite compiles a statement in tens of
 * microseconds, as long as the hot reads themselves take, so the reads every
 * page view makes use this instead of `db.prepare`.
 *
 * Only for statements run to completion with get/all/run: the statement is
 * shared, so a caller must neither leave it mid-iterate nor switch its mode
 * (pluck, raw, expand).
 */
export function prepared<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Database.Statement<P, R> {
  let statements = byDb.get(db);
  if (statements === undefined) {
    statements = new Map();
    byDb.set(db, statements);
  }
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement as Database.Statement<P, R>;
}
