import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A resource's row is written in one file (docs/ARCHITECTURE.md "Where a
 * change lands"): every INSERT, UPDATE and DELETE of the `resources` table is
 * in server/src/catalog/resources.repo.ts, so a new column is written in one
 * place. The demo library's seed writes its rows whole, with their counters
 * and dates, as no feature does.
 */

const SRC = path.resolve(import.meta.dirname, '..', 'src');
const HOME = 'catalog/resources.repo.ts';
const ALSO = ['seed/demo.ts'];

/** Statements that change rows of `resources` (its index and the tables named resource_… are others). */
const WRITES = /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+resources\b/gi;

const writesIn = (text: string): string[] => [...text.matchAll(WRITES)].map((m) => m[0].replace(/\s+/g, ' '));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the rows of resources', () => {
  it('are written only in their repository', () => {
    const outside = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => file !== HOME && !ALSO.includes(file))
      .flatMap((file) => writesIn(fs.readFileSync(path.join(SRC, file), 'utf8')).map((statement) => `${file}: ${statement}`));
    expect(outside).toEqual([]);
    expect(writesIn(fs.readFileSync(path.join(SRC, HOME), 'utf8')).length).toBeGreaterThan(0);
  });

  it('are told apart from the tables beside them, whatever the spacing', () => {
    expect(writesIn("db.prepare('UPDATE resources SET title = ? WHERE id = ?')")).toEqual(['UPDATE resources']);
    expect(writesIn('`INSERT INTO\n  resources (global_id) VALUES (?)`; DELETE  FROM resources WHERE id = 1; insert or replace into resources')).toHaveLength(3);
    expect(writesIn('UPDATE resources_fts SET x = 1; INSERT INTO resource_events VALUES (1); SELECT * FROM resources')).toEqual([]);
  });
});
