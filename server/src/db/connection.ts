import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * Opens the portal database with the settings the durability rules need:
 * WAL so readers never block the writer (video streams keep flowing while
 * someone comments), synchronous=FULL so a write the API acknowledged is on
 * the card before the answer leaves (NORMAL could roll back the last commits
 * after a power cut), foreign keys enforced, and a busy timeout for the
 * backup/import tools that open a second connection.
 */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
