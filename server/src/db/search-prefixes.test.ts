import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper.ts';
import { openDatabase, type Db } from './connection.ts';
import { migrate } from './migrate.ts';
import { migrationsUntil } from '../../test/migrations-until.ts';

// The migration that makes the resources' full-text index again with five-
// and six-letter prefixes, run on a library indexed by the migrations before it.

const REBUILD = 'search_prefixes';

const found = (db: Db, match: string): number[] =>
  db.prepare<[string], number>('SELECT rowid FROM resources_fts WHERE resources_fts MATCH ? ORDER BY rowid').pluck().all(match);

describe('migration search_prefixes', () => {
  it('keeps every resource findable by every column, and by its category after the move', () => {
    const db = openDatabase(path.join(tempDir(), 'portal.db'));
    migrate(db, migrationsUntil(REBUILD, { through: false }));
    db.prepare("INSERT INTO categories (id, global_id, name) VALUES (1, 'c1', 'Salud comunitaria')").run();
    const insert = db.prepare("INSERT INTO resources (id, global_id, title, description, author, type_code, category_id, status) VALUES (?, ?, ?, ?, ?, 2, ?, 'published')");
    insert.run(1, 'r1', 'Comunidad y agua', 'Cómo cuidar el pozo', 'Rosa Quispe', null);
    insert.run(2, 'r2', 'Cuentos', 'Para la comunicación en familia', '', 1);
    insert.run(3, 'r3', 'Semillas', 'Quinua y maíz', 'Común', null);
    const before = { comun: found(db, '"comun"*'), pozo: found(db, '"pozo"'), quispe: found(db, '"quispe"'), salud: found(db, '{category} : "salud"') };

    migrate(db);

    expect(db.prepare<[], string>("SELECT sql FROM sqlite_schema WHERE name = 'resources_fts'").pluck().get()).toContain("prefix = '2 3 4 5 6'");
    expect(before.comun).toEqual([1, 2, 3]);
    expect({ comun: found(db, '"comun"*'), pozo: found(db, '"pozo"'), quispe: found(db, '"quispe"'), salud: found(db, '{category} : "salud"') }).toEqual(before);
    // the triggers still keep the index: a new resource, a renamed category, an edit, a deletion
    insert.run(4, 'r4', 'Comunicados', '', '', null);
    db.prepare("UPDATE categories SET name = 'Higiene' WHERE id = 1").run();
    db.prepare("UPDATE resources SET title = 'Semillas comunales' WHERE id = 3").run();
    db.prepare('DELETE FROM resources WHERE id = 1').run();
    expect(found(db, '"comuni"*')).toEqual([2, 4]);
    expect(found(db, '{title} : "comunales"')).toEqual([3]);
    expect(found(db, '{category} : "higiene"')).toEqual([2]);
    expect(found(db, '"pozo"')).toEqual([]);
    db.close();
  });
});
