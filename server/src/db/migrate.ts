import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../project-paths.ts';
import type { Db } from './connection.ts';



interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** `NNNN_name.sql`, numbered from 1 without gaps; anything else in the folder is a mistake. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Nombre de migración no válido: ${file}`);
      return { version: Number(match[1]), name: match[2] ?? file, sql: fs.readFileSync(path.join(dir, file), 'utf8') };
    });
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Falta la migración ${i + 1} antes de ${m.version}_${m.name}`);
  });
  return migrations;
}

/**
 * Forward-only migrations tracked in `PRAGMA user_version`; each runs in its
 * own transaction with the version bump, so a crash mid-way leaves the
 * database at the previous version, never half-migrated.
 *
 * Foreign keys are off while they run, as SQLite's procedure for changing a
 * table's schema asks: rebuilding a table (new table, copy, drop, rename) must
 * not cascade the drop into the tables that reference it. Nothing goes
 * unchecked: before each commit every reference is verified, and a migration
 * that left one dangling is rolled back whole.
 */
export function migrate(db: Db, dir: string = MIGRATIONS_DIR): { from: number; to: number } {
  const from = db.pragma('user_version', { simple: true }) as number;
  const pending = readMigrations(dir).filter((m) => m.version > from);
  if (pending.length === 0) return { from, to: from };
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  try {
    for (const m of pending) {
      db.transaction(() => {
        db.exec(m.sql);
        const dangling = db.pragma('foreign_key_check') as Array<{ table: string; parent: string }>;
        if (dangling.length > 0) {
          const where = [...new Set(dangling.map((d) => `${d.table} → ${d.parent}`))].join(', ');
          throw new Error(`La migración ${String(m.version).padStart(4, '0')}_${m.name} deja referencias rotas: ${where}`);
        }
        db.pragma(`user_version = ${m.version}`);
      })();
    }
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
  return { from, to: pending.at(-1)?.version ?? from };
}
