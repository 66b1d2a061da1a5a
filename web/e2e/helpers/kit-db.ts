import path from 'node:path';
import Database from 'better-sqlite3';

/*
 * What no API sets yet, written straight into the e2e server's database (a
 * temporary data dir made by global-setup.ts). The server reads these on
 * every request, so a change shows at once.
 */

function openKitDb(): Database.Database {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set by global-setup.ts');
  const db = new Database(path.join(dataDir, 'portal.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Puts a user on the denied-users list (docs/PRODUCT.md#roles: barred from admin paths). */
export function denyUser(userId: number): void {
  const db = openKitDb();
  try {
    db.prepare('INSERT OR IGNORE INTO denied_users (user_id) VALUES (?)').run(userId);
  } finally {
    db.close();
  }
}
