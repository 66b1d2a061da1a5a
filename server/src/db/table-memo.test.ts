import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper.ts';
import { openDatabase, type Db } from './connection.ts';
import { changeStamp, memoOnTables } from './table-memo.ts';

/*
 * A value kept until one of its tables changes (db/table-memo.ts), on real
 * SQLite files: every way a row of a watched table can change must give the
 * next caller a fresh value.
 */

let dir: string;
let db: Db;
let builds: number;
let names: (db: Db) => string[];

beforeEach(() => {
  dir = tempDir('kit-memo-');
  db = openDatabase(path.join(dir, 'memo.db'));
  db.exec(`
    CREATE TABLE shelves (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE books (id INTEGER PRIMARY KEY, shelf_id INTEGER REFERENCES shelves (id) ON DELETE CASCADE, title TEXT NOT NULL);
    CREATE TABLE visits (id INTEGER PRIMARY KEY);
    INSERT INTO shelves (id, name) VALUES (1, 'Cuentos');
    INSERT INTO books (shelf_id, title) VALUES (1, 'El zorro y el cóndor');
  `);
  builds = 0;
  names = memoOnTables(['books'], (d) => {
    builds++;
    return d.prepare<[], { title: string }>('SELECT title FROM books ORDER BY id').all().map((b) => b.title);
  });
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('memoOnTables', () => {
  it('builds once while its tables stay as they were, and not again for a write to another table', () => {
    expect(names(db)).toEqual(['El zorro y el cóndor']);
    expect(names(db)).toBe(names(db));
    db.prepare('INSERT INTO visits DEFAULT VALUES').run();
    expect(names(db)).toEqual(['El zorro y el cóndor']);
    expect(builds).toBe(1);
  });

  it.each([
    ['an insert', "INSERT INTO books (shelf_id, title) VALUES (1, 'La laguna')", ['El zorro y el cóndor', 'La laguna']],
    ['an update', "UPDATE books SET title = 'El zorro' WHERE id = 1", ['El zorro']],
    ['a delete', 'DELETE FROM books', []],
    ['a delete cascading from another table', 'DELETE FROM shelves', []],
  ])('gives the next caller what %s changed', (_what, sql, after) => {
    names(db);
    db.exec(sql);
    expect(names(db)).toEqual(after);
  });

  it("sees another connection's commit", () => {
    names(db);
    const tool = openDatabase(path.join(dir, 'memo.db'));
    try {
      tool.prepare("UPDATE books SET title = 'Importado' WHERE id = 1").run();
    } finally {
      tool.close();
    }
    expect(names(db)).toEqual(['Importado']);
  });

  it('keeps nothing read inside a transaction, so a write that rolls back is never served', () => {
    names(db);
    expect(() =>
      db.transaction(() => {
        db.prepare("UPDATE books SET title = 'A medias' WHERE id = 1").run();
        expect(names(db)).toEqual(['A medias']);
        throw new Error('cancelado');
      })(),
    ).toThrow('cancelado');
    expect(names(db)).toEqual(['El zorro y el cóndor']);
  });

  it('starts watching only outside a transaction (a trigger made inside would roll back with it)', () => {
    expect(() =>
      db.transaction(() => {
        expect(names(db)).toEqual(['El zorro y el cóndor']);
        throw new Error('cancelado');
      })(),
    ).toThrow('cancelado');
    names(db);
    db.prepare("UPDATE books SET title = 'Después' WHERE id = 1").run();
    expect(names(db)).toEqual(['Después']);
  });
});

describe('changeStamp of chosen columns', () => {
  it('changes when an update gives a watched column a different value, not when it writes the same one', () => {
    const stamp = changeStamp(db, [{ table: 'books', columns: ['title'] }]);
    const first = stamp.now();
    expect(first).not.toBeNull();
    db.prepare('UPDATE books SET title = title, shelf_id = NULL WHERE id = 1').run();
    expect(stamp.now()).toBe(first);
    db.prepare("UPDATE books SET title = 'El zorro' WHERE id = 1").run();
    const renamed = stamp.now();
    expect(renamed).not.toBe(first);
    db.prepare("INSERT INTO books (shelf_id, title) VALUES (1, 'La laguna')").run();
    expect(stamp.now()).not.toBe(renamed);
  });
});
