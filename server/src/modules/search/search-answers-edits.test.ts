import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helper.ts';
import { addCategory, addResource } from '../../../test/library-fixtures.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { COUNTED_COLUMNS, SEARCHED_COLUMNS, SearchAnswers, type IdWindow } from './search-answers.ts';

/*
 * Which writes drop remembered answers: a write that changes a column a search
 * reads does; the same value written again (an edit form sends every field)
 * does not, since neither the index's words nor its counts change.
 */
const window: IdWindow = { ids: [3, 2, 1], capped: false, titled: null };

function library() {
  const db = openDatabase(path.join(tempDir(), 'portal.db'));
  migrate(db);
  const other = addCategory(db, 'Campo');
  const id = addResource(db, { title: 'Manta de lana', description: 'Hilada a mano.', category: addCategory(db, 'Tejidos'), views: 3 });
  const user = Number(db.prepare("INSERT INTO users (user_name, name, last_name, password_hash) VALUES ('ana', 'Ana', 'Quispe', 'x')").run().lastInsertRowid);
  return { db, id, other, user, answers: new SearchAnswers(db) };
}

describe('a remembered answer', () => {
  it('stays when a resource is saved with its searched and counted columns unchanged', () => {
    const { db, id, answers } = library();
    answers.remember('lana', true, window);
    db.prepare(`UPDATE resources SET ${[...SEARCHED_COLUMNS, ...COUNTED_COLUMNS].map((c) => `${c} = ${c}`).join(', ')}, license = 'CC BY' WHERE id = ?`).run(id);
    expect(answers.recall('lana', true)).toEqual(window);
  });

  it('goes when any searched column changes, each on its own', () => {
    const { db, id, other, user, answers } = library();
    const newValue: Record<(typeof SEARCHED_COLUMNS)[number], string | number> = {
      id: id + 100, title: 'Manta de alpaca', description: 'Tejida.', author: 'Ana', type_code: 5,
      category_id: other, user_id: user, status: 'pending', created_at: '2020-01-01T00:00:00.000Z',
    };
    let current = id;
    for (const column of SEARCHED_COLUMNS) {
      answers.remember('lana', false, window);
      db.prepare(`UPDATE resources SET ${column} = ? WHERE id = ?`).run(newValue[column], current);
      if (column === 'id') current = Number(newValue.id);
      expect(answers.recall('lana', false), column).toBeUndefined();
    }
  });

  it('ordered by views goes when the views change, not when they are written unchanged', () => {
    const { db, id, answers } = library();
    answers.remember('vistos', true, window);
    db.prepare('UPDATE resources SET views = views, downloads = downloads WHERE id = ?').run(id);
    expect(answers.recall('vistos', true)).toEqual(window);
    db.prepare('UPDATE resources SET views = views + 1 WHERE id = ?').run(id);
    expect(answers.recall('vistos', true)).toBeUndefined();
  });
});
