import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { readMigrations } from '../src/db/migrate.ts';
import { MIGRATIONS_DIR } from '../src/project-paths.ts';
import { tempDir } from './helper.ts';

/**
 * A folder with the project's migrations before the one named `name`, or up
 * to it with `through`: a migration's test runs it on a database the earlier
 * ones made and filled.
 */
export function migrationsUntil(name: string, { through }: { through: boolean }): string {
  const all = readMigrations();
  const at = all.findIndex((m) => m.name === name);
  expect(at, `a migration named ${name}`).toBeGreaterThan(0);
  const dir = tempDir();
  for (const m of all.slice(0, through ? at + 1 : at)) {
    const file = `${String(m.version).padStart(4, '0')}_${m.name}.sql`;
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  }
  return dir;
}
