import type { Db } from '../db/connection.ts';
import { memoOnTables } from '../db/table-memo.ts';
import { SETTING_DEFAULTS, type Settings } from './kit-settings.ts';

interface DbSetting {
  key: string;
  value: string;
}

/** Stored values over the defaults; a key the code no longer knows is ignored. */
function loadSettings(db: Db): Readonly<Settings> {
  const rows = db.prepare<[], DbSetting>('SELECT key, value FROM settings').all();
  const settings: Settings = { ...SETTING_DEFAULTS, contactPhones: [...SETTING_DEFAULTS.contactPhones] };
  for (const row of rows) {
    if (row.key in settings) (settings as unknown as Record<string, unknown>)[row.key] = JSON.parse(row.value);
  }
  return Object.freeze(settings);
}

/** Read once per change to the table: restricted mode and the download rule ask on every request. */
const storedSettings = memoOnTables(['settings'], loadSettings);

/** The kit's settings, a copy the caller may change. */
export function readSettings(db: Db): Settings {
  const settings = storedSettings(db);
  return { ...settings, contactPhones: [...settings.contactPhones] };
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

/** Stores a value only if the key has none yet (a start-up default from the environment). */
export function insertSettingIfMissing<K extends keyof Settings>(db: Db, key: K, value: Settings[K]): void {
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
}
