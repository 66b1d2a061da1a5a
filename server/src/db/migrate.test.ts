import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper.ts';
import { openDatabase } from './connection.ts';
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
