import type { Db } from '../../db/connection.ts';
import { SETTING_DEFAULTS, type Settings } from './settings.defaults.ts';

interface DbSetting {
  key: string;
  value: string;
}

/** Stored values over the defaults; a key the code no longer knows is ignored. */
export function readSettings(db: Db): Settings {
  const rows = db.prepare<[], DbSetting>('SELECT key, value FROM settings').all();
  const settings: Settings = { ...SETTING_DEFAULTS, contactPhones: [...SETTING_DEFAULTS.contactPhones] };
  for (const row of rows) {
    if (row.key in settings) (settings as unknown as Record<string, unknown>)[row.key] = JSON.parse(row.value);
  }
  return settings;
}

export function writeSettings(db: Db, changes: Partial<Settings>): void {
  const upsert = db.prepare(
    `INSERT INTO settings (key, value) VALUES (?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  );
  db.transaction(() => {
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) upsert.run(key, JSON.stringify(value));
    }
  })();
}

export function readDeniedUserIds(db: Db): number[] {
  return db.prepare<[], { user_id: number }>('SELECT user_id FROM denied_users ORDER BY user_id').all().map((r) => r.user_id);
}

/** Stores a value only if the key has none yet (a start-up default from the environment). */
export function insertSettingIfMissing<K extends keyof Settings>(db: Db, key: K, value: Settings[K]): void {
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
}

/** Replaces the denied-users list (inside the caller's transaction when there is one). */
export function replaceDeniedUsers(db: Db, userIds: readonly number[]): void {
  db.prepare('DELETE FROM denied_users').run();
  const insert = db.prepare('INSERT INTO denied_users (user_id) VALUES (?)');
  for (const id of userIds) insert.run(id);
}

/** Which of these user ids exist. */
export function existingUserIds(db: Db, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = db.prepare<number[], { id: number }>(`SELECT id FROM users WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids);
  return new Set(rows.map((r) => r.id));
}

export function categoryExists(db: Db, id: number): boolean {
  return db.prepare('SELECT 1 FROM categories WHERE id = ?').get(id) !== undefined;
}
