import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './connection.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '..', '..', 'migrations');

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
 */
export function migrate(db: Db, dir: string = MIGRATIONS_DIR): { from: number; to: number } {
  const from = db.pragma('user_version', { simple: true }) as number;
  const pending = readMigrations(dir).filter((m) => m.version > from);
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return { from, to: pending.at(-1)?.version ?? from };
}
