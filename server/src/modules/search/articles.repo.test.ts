/**
 * The libraries' title index on its own database (no server): the order a
 * search reads it in, what one page costs, what `total` says, and the
 * migration that gave the index its order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RESOURCE_TYPES } from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helper.ts';
import { addCategory, addResource } from '../../../test/library-fixtures.ts';
import { openDatabase, type Db } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { MIGRATIONS_DIR } from '../../project-paths.ts';
import { searchArticleTitles, searchLibraryArticles } from './articles.repo.ts';
import { buildMatchExpression } from './search.query.ts';
import type { ResourceFilter } from './search.repo.ts';

const freshDb = (): Db => openDatabase(path.join(tempDir('kit-titles-'), 'portal.db'));
const everyone: ResourceFilter = { allStatuses: false, typeCode: null, categoryIds: null, userId: null, excludeCategoryIds: [] };
const library = (db: Db, title: string, opts: { category?: number; status?: 'published' | 'pending' } = {}) =>
  addResource(db, { title, type: RESOURCE_TYPES.LIBRARY, ...(opts.category !== undefined ? { category: opts.category } : {}), status: opts.status ?? 'published' });

let entry = 0;
/** Title rows as the indexer writes them: an article, or a redirect (`to`) naming another article. */
function addTitles(db: Db, resourceId: number, titles: ReadonlyArray<{ name: string; to?: string }>): void {
  const insert = db.prepare('INSERT INTO zim_titles (resource_id, entry, redirect, name, path, title, words) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const { name, to } of titles) {
    const title = to ?? name;
    insert.run(resourceId, entry++, to === undefined ? 0 : 1, name, `A/${title.replace(/ /g, '_')}`, title, name.split(' ').length);
  }
}

const search = (db: Db, q: string, limit = 24, cap = 5000, filter = everyone) => searchArticleTitles(db, buildMatchExpression(q)!, filter, limit, cap);
const names = (hits: ReturnType<typeof search>) => hits.rows.map((r) => r.name);

describe('the title index of the libraries', () => {
  it('hands titles fewest words first, across every library, however many match; a page reads only what it shows', () => {
    const db = freshDb();
    migrate(db);
    const a = library(db, 'Enciclopedia');
    const b = library(db, 'Diccionario');
    // 200 titles with «río», longest first in the file's order: the shortest are the index's last rows.
    const many = Array.from({ length: 200 }, (_, i) => `Río ${'del valle '.repeat(Math.floor((199 - i) / 20))}${i}`);
    addTitles(db, a, many.map((name) => ({ name })));
    addTitles(db, b, [{ name: 'Río' }]);
    const wordsOf = (name: string) => name.split(' ').length;
    const expected = ['Río', ...[...many].sort((x, y) => wordsOf(x) - wordsOf(y))];

    const page = search(db, 'rio');
    expect(page.rows[0]).toMatchObject({ name: 'Río', library_title: 'Diccionario', words: 1 });
    expect(names(page)).toEqual(expected.slice(0, 24));
    expect(page).toMatchObject({ total: 201, capped: false });
    // Every one, read in several steps of the index.
    expect(names(search(db, 'rio', 201))).toEqual(expected);
    // More than the cap: counted up to it and said.
    expect(search(db, 'rio', 24, 150)).toMatchObject({ total: 150, capped: true });
  });

  it('shows a redirect and its target found by the same words once, the one with fewer words; the total is exact when the page holds every result', () => {
    const db = freshDb();
    migrate(db);
    const a = library(db, 'Enciclopedia');
    addTitles(db, a, [{ name: 'Canción popular del valle' }, { name: 'Canción del valle', to: 'Canción popular del valle' }, { name: 'Canción de cuna' }, { name: 'Arrullo', to: 'Canción de cuna' }]);
    const found = search(db, 'cancion valle');
    expect(found.rows.map((r) => [r.name, r.title])).toEqual([['Canción del valle', 'Canción popular del valle']]);
    expect(found).toMatchObject({ total: 1, capped: false });
    expect(names(search(db, 'cancion'))).toEqual(['Canción del valle', 'Canción de cuna']);
    expect(search(db, 'cancion').total).toBe(2);
    expect(names(search(db, 'arrullo'))).toEqual(['Arrullo']);
  });

  it('leaves out, and does not count, the libraries the caller would not find', () => {
    const db = freshDb();
    migrate(db);
    const hidden = addCategory(db, 'Oculta', { hidden: true });
    const seventy = (word: string) => Array.from({ length: 70 }, (_, i) => ({ name: `Maíz ${word} ${i}` }));
    addTitles(db, library(db, 'A la vista'), [{ name: 'Maíz' }, ...seventy('dulce')]);
    addTitles(db, library(db, 'Oculta', { category: hidden }), seventy('criollo'));
    addTitles(db, library(db, 'Sin publicar', { status: 'pending' }), seventy('morado'));
    const villager = { ...everyone, excludeCategoryIds: [hidden] };
    const seen = search(db, 'maiz', 100, 5000, villager);
    expect(seen.rows.every((r) => r.library_title === 'A la vista')).toBe(true);
    expect(seen).toMatchObject({ total: 71, capped: false });
    // Past the page, the names are counted in the same libraries.
    expect(search(db, 'maiz', 1, 5000, villager)).toMatchObject({ rows: [{ name: 'Maíz' }], total: 71 });
    expect(search(db, 'maiz', 1, 5000)).toMatchObject({ rows: [{ name: 'Maíz' }], total: 141 });
  });

  it("inside one library: its titles fewest words first, then its articles' text", () => {
    const db = freshDb();
    migrate(db);
    const a = library(db, 'Enciclopedia');
    addTitles(db, a, [{ name: 'Ceiba sagrada de la montaña' }, { name: 'Ceiba' }, { name: 'Árboles' }]);
    addTitles(db, library(db, 'Otra'), [{ name: 'Ceiba' }]);
    const tree = db.prepare<[string], number>('SELECT id FROM zim_titles WHERE name = ?').pluck().get('Árboles')!;
    db.prepare('INSERT INTO zim_text_fts (rowid, body) VALUES (?, ?)').run(tree, 'La ceiba es el árbol del pueblo');
    const found = searchLibraryArticles(db, buildMatchExpression('ceiba')!, a, 24, 5000);
    expect(found.rows.map((r) => r.name)).toEqual(['Ceiba', 'Ceiba sagrada de la montaña', 'Árboles']);
    expect(found.total).toBe(3);
  });

  it('migrates an index from before its order: words counted from the old index, found in order, deleted with their rows', () => {
    const before = tempDir('kit-migrations-');
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => Number(f.slice(0, 4)) <= 17)) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    const db = freshDb();
    migrate(db, before);
    const a = library(db, 'Enciclopedia');
    const old = db.prepare('INSERT INTO zim_titles (resource_id, entry, redirect, name, path, title) VALUES (?, ?, 0, ?, ?, ?)');
    for (const [i, name] of ['Historia del maíz en el valle', 'Maíz', 'Maíz-morado de la sierra'].entries()) old.run(a, i, name, `A/${i}`, name);

    migrate(db);
    expect(db.prepare('SELECT name, words FROM zim_titles ORDER BY id').all()).toEqual([
      { name: 'Historia del maíz en el valle', words: 6 },
      { name: 'Maíz', words: 1 },
      { name: 'Maíz-morado de la sierra', words: 5 },
    ]);
    expect(names(search(db, 'maiz'))).toEqual(['Maíz', 'Maíz-morado de la sierra', 'Historia del maíz en el valle']);
    db.prepare('DELETE FROM resources WHERE id = ?').run(a);
    expect(db.prepare("SELECT count(*) FROM zim_titles_fts WHERE zim_titles_fts MATCH 'maiz'").pluck().get()).toBe(0);
  });
});
