import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper.ts';
import { openDatabase } from './connection.ts';
import { MIGRATIONS_DIR } from '../project-paths.ts';
import { migrate, readMigrations } from './migrate.ts';

const freshDb = () => openDatabase(path.join(tempDir(), 'portal.db'));

describe('migrations', () => {
  it('migrate an empty database to the latest version, and a second run does nothing', () => {
    const db = freshDb();
    const latest = readMigrations().at(-1)?.version;
    expect(migrate(db)).toEqual({ from: 0, to: latest });
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    expect(migrate(db)).toEqual({ from: latest, to: latest });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('model every entity of the specification', () => {
    const db = freshDb();
    migrate(db);
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type IN ('table') ").all().map((r) => r.name);
    for (const t of ['users', 'categories', 'resources', 'media', 'comments', 'playlists', 'playlist_items', 'favorites', 'reports',
      'resource_stats_daily', 'settings', 'denied_users', 'banners', 'ads', 'temporary_credentials', 'revoked_tokens', 'resources_fts',
      'uploads', 'resource_events', 'idempotency_keys']) {
      expect(tables, t).toContain(t);
    }
  });

  it('open the database in WAL with full sync and foreign keys', () => {
    const db = freshDb();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('keep the search index in step: accents and ñ fold, category renames follow', () => {
    const db = freshDb();
    migrate(db);
    db.prepare("INSERT INTO categories (id, global_id, name) VALUES (1, 'c1', 'Educación')").run();
    db.prepare("INSERT INTO resources (global_id, title, type_code, category_id) VALUES ('r1', 'Canciones del año para el niño', 3, 1)").run();
    const find = (q: string) => db.prepare<[string], { rowid: number }>('SELECT rowid FROM resources_fts WHERE resources_fts MATCH ?').all(q).length;
    expect(find('nino')).toBe(1);
    expect(find('ano')).toBe(1);
    expect(find('educacion')).toBe(1);
    expect(find('cancio*')).toBe(1);
    db.prepare("UPDATE categories SET name = 'Música' WHERE id = 1").run();
    expect(find('musica')).toBe(1);
    expect(find('educacion')).toBe(0);
    db.prepare("DELETE FROM resources WHERE global_id = 'r1'").run();
    expect(find('nino')).toBe(0);
  });

  it('index a resource under the names of its category and of every category above it', () => {
    const db = freshDb();
    migrate(db);
    db.exec(`INSERT INTO categories (id, global_id, name, parent_id) VALUES (1, 'c1', 'Educación', NULL), (2, 'c2', 'Primaria', 1), (3, 'c3', 'Lectura', 2), (4, 'c4', 'Salud', NULL);
      INSERT INTO resources (id, global_id, title, type_code, category_id) VALUES (1, 'r1', 'Cuentos', 2, 3);`);
    const find = (q: string) => db.prepare<[string], { rowid: number }>('SELECT rowid FROM resources_fts WHERE resources_fts MATCH ?').all(q).length;
    expect([find('lectura'), find('primaria'), find('educacion')]).toEqual([1, 1, 1]);
    // Moved under Salud: Educación and Primaria no longer find it.
    db.prepare('UPDATE categories SET parent_id = 4 WHERE id = 3').run();
    expect([find('lectura'), find('salud'), find('primaria'), find('educacion')]).toEqual([1, 1, 0, 0]);
    db.prepare("UPDATE categories SET name = 'Bienestar' WHERE id = 4").run();
    expect([find('salud'), find('bienestar')]).toEqual([0, 1]);
    // The resource moves: its new path replaces the old one.
    db.prepare('UPDATE resources SET category_id = 2 WHERE id = 1').run();
    expect([find('lectura'), find('bienestar'), find('primaria'), find('educacion')]).toEqual([0, 0, 1, 1]);
    // A loop written by hand (the API refuses one) does not hang the index.
    db.prepare('UPDATE categories SET parent_id = 2 WHERE id = 1').run();
    expect([find('primaria'), find('educacion')]).toEqual([1, 1]);
  });

  it('re-index a database from before category paths when it migrates', () => {
    const before = tempDir();
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => Number(f.slice(0, 4)) <= 6)) {
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    }
    const db = freshDb();
    migrate(db, before);
    db.exec(`INSERT INTO categories (id, global_id, name, parent_id) VALUES (1, 'c1', 'Educación', NULL), (2, 'c2', 'Primaria', 1);
      INSERT INTO resources (id, global_id, title, type_code, category_id) VALUES (1, 'r1', 'Cuentos', 2, 2), (2, 'r2', 'Canciones', 4, NULL);`);
    const find = (q: string) => db.prepare<[string], { rowid: number }>('SELECT rowid FROM resources_fts WHERE resources_fts MATCH ?').all(q).map((r) => r.rowid);
    expect(find('educacion')).toEqual([]);
    migrate(db);
    expect(find('educacion')).toEqual([1]);
    expect(find('primaria')).toEqual([1]);
    expect(find('canciones')).toEqual([2]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // FTS5's own check of its index against its rows throws when they disagree.
    expect(() => db.prepare("INSERT INTO resources_fts (resources_fts) VALUES ('integrity-check')").run()).not.toThrow();
  });

  it('refuse a gap in the numbering', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE a (x);');
    fs.writeFileSync(path.join(dir, '0003_c.sql'), 'CREATE TABLE c (x);');
    expect(() => readMigrations(dir)).toThrow(/Falta la migración 2/);
  });

  it('roll a failing migration back whole', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE a (x);');
    fs.writeFileSync(path.join(dir, '0002_b.sql'), 'CREATE TABLE b (x); INSERT INTO nope VALUES (1);');
    const db = freshDb();
    expect(() => migrate(db, dir)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'b'").get()).toEqual({ n: 0 });
  });
});
