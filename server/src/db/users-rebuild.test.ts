import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper.ts';
import type { Db } from './connection.ts';
import { openDatabase } from './connection.ts';
import { migrate } from './migrate.ts';
import { migrationsUntil } from '../../test/migrations-until.ts';

// The migration that rebuilds `users` with AUTOINCREMENT and an account key,
// run on a database full of data made by the migrations before it.

const REBUILD = 'account_identity';

/** Rows in every table that points at users, as the kit makes them. */
function fillLibrary(db: Db): void {
  const run = (sql: string) => db.prepare(sql).run();
  run(`INSERT INTO media (sha256, ext, mime, size) VALUES ('${'a'.repeat(64)}', 'webp', 'image/webp', 10)`);
  run(`INSERT INTO users (id, user_name, password_hash, name, email, image_sha256, is_admin, role_id, token_version, profile_views)
       VALUES (1, 'jefa', 'h1', 'Jefa', 'jefa@kit.pe', '${'a'.repeat(64)}', 1, 1, 3, 7)`);
  run("INSERT INTO users (id, user_name, password_hash, name, gender, born_date) VALUES (2, 'Rosa', 'h2', 'Rosa', 0, '1990-04-02')");
  run("INSERT INTO users (id, user_name, password_hash, blocked, must_change_password) VALUES (5, 'pedro', 'h5', 1, 1)");
  run("INSERT INTO categories (id, global_id, name) VALUES (1, 'c1', 'Educación')");
  run("INSERT INTO playlists (id, user_id, name) VALUES (1, 2, 'Mis canciones')");
  run("INSERT INTO resources (id, global_id, title, type_code, category_id, user_id, status) VALUES (1, 'r1', 'Canción del niño', 3, 1, 2, 'published')");
  run("INSERT INTO resources (id, global_id, title, type_code, user_id, playlist_id) VALUES (2, 'r2', 'Lista', 6, 2, 1)");
  run('INSERT INTO playlist_items (playlist_id, resource_id, position) VALUES (1, 1, 0)');
  run('INSERT INTO favorites (user_id, resource_id) VALUES (2, 1)');
  run("INSERT INTO comments (resource_id, user_id, comment) VALUES (1, 2, 'Muy buena')");
  run("INSERT INTO reports (resource_id, user_id, reason, status, resolved_by) VALUES (1, 5, 'spam', 'dismissed', 1)");
  run("INSERT INTO ads (user_id, title, body, expires_at, moderated_by) VALUES (2, 'Vendo papas', 'Buenas', '2099-01-01', 1)");
  run("INSERT INTO temporary_credentials (user_id, password_hash, issued_by, expires_at) VALUES (5, 'th', 1, '2099-01-01')");
  run('INSERT INTO denied_users (user_id) VALUES (5)');
  run("INSERT INTO contact_messages (user_id, name, reply_to, message) VALUES (2, 'Rosa', '999', 'Hola')");
  run(`INSERT INTO uploads (id, user_id, resource_id, size) VALUES ('${'b'.repeat(32)}', 2, 1, 100)`);
  run("INSERT INTO resource_events (resource_id, actor_id, action, from_status, to_status) VALUES (1, 1, 'publish', 'pending', 'published')");
  run("INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body) VALUES (2, 'k1', 'f', 200, '{}')");
  run("INSERT INTO sync_trusted_keys (key_id, public_key, label, added_by) VALUES ('0123456789abcdef', 'pk', 'Hub', 1)");
}

type SchemaRow = { type: string; name: string; tbl_name: string; sql: string | null };
/** The schema as written (SQLite's own objects aside: autoindexes are renamed with their table, sqlite_sequence comes with AUTOINCREMENT). */
const schema = (db: Db): SchemaRow[] =>
  db.prepare<[], SchemaRow>("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all();
const tables = (db: Db): string[] => schema(db).filter((o) => o.type === 'table' && o.sql?.startsWith('CREATE TABLE')).map((o) => o.name);
/** Every foreign key of every table, as SQLite reads it (`table` is the table referenced). */
const foreignKeys = (db: Db) =>
  tables(db).flatMap((child) => (db.pragma(`foreign_key_list(${child})`) as Array<{ table: string }>).map((fk) => ({ child, ...fk })));
const counts = (db: Db) => Object.fromEntries(tables(db).map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n]));

describe(`migration ${REBUILD} (users rebuilt with AUTOINCREMENT and an account key)`, () => {
  it('keeps every row, foreign key, index and trigger, and never hands out a deleted id again', () => {
    const db = openDatabase(path.join(tempDir(), 'portal.db'));
    migrate(db, migrationsUntil(REBUILD, { through: false }));
    fillLibrary(db);
    const usersBefore = db.prepare('SELECT * FROM users ORDER BY id').all();
    const schemaBefore = schema(db);
    const keysBefore = foreignKeys(db);
    const countsBefore = counts(db);
    // the tables that point at users, so the comparison below is about something
    const referencing = new Set(keysBefore.filter((fk) => fk.table === 'users').map((fk) => fk.child));
    expect([...referencing]).toEqual(expect.arrayContaining(['comments', 'favorites', 'playlists', 'resources', 'denied_users', 'uploads', 'idempotency_keys', 'sync_trusted_keys']));

    migrate(db, migrationsUntil(REBUILD, { through: true }));

    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // every other object exactly as it was: tables pointing at users, the search index and its triggers, the sync triggers
    expect(schema(db).filter((o) => o.tbl_name !== 'users')).toEqual(schemaBefore.filter((o) => o.tbl_name !== 'users'));
    expect(schema(db).filter((o) => o.tbl_name === 'users' && o.type !== 'table')).toEqual(schemaBefore.filter((o) => o.tbl_name === 'users' && o.type !== 'table'));
    expect(foreignKeys(db)).toEqual(keysBefore);
    expect(counts(db)).toEqual(countsBefore);

    const usersAfter = db.prepare<[], Record<string, unknown>>('SELECT * FROM users ORDER BY id').all();
    expect(usersAfter.map(({ account_key: _key, ...rest }) => rest)).toEqual(usersBefore);
    const keys = usersAfter.map((u) => u.account_key as string);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);

    const usersSql = schema(db).find((o) => o.name === 'users')?.sql ?? '';
    expect(usersSql).toMatch(/^CREATE TABLE "?users"? \(\s+id\s+INTEGER PRIMARY KEY AUTOINCREMENT,/);
    expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'users'").get()).toEqual({ seq: 5 });
    // user_name and email stay unique ignoring case
    expect(() => db.prepare("INSERT INTO users (user_name, password_hash) VALUES ('ROSA', 'x')").run()).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO users (user_name, password_hash, email) VALUES ('otra', 'x', 'JEFA@kit.pe')").run()).toThrow(/UNIQUE/);

    // from now on ids only grow: deleting the newest account does not free its id
    const fresh = db.prepare("INSERT INTO users (user_name, password_hash) VALUES ('nueva', 'x') RETURNING id, account_key").get() as { id: number; account_key: string };
    expect(fresh.id).toBeGreaterThan(5);
    expect(fresh.account_key).toMatch(/^[0-9a-f]{32}$/);
    db.prepare('DELETE FROM users WHERE id = ?').run(fresh.id);
    const after = db.prepare("INSERT INTO users (user_name, password_hash) VALUES ('otra-mas', 'x') RETURNING id").get() as { id: number };
    expect(after.id).toBe(fresh.id + 1);

    // the references still act on the rebuilt table
    db.prepare('DELETE FROM users WHERE id = 2').run();
    const left = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(left('SELECT count(*) AS n FROM comments')).toBe(0);
    expect(left('SELECT count(*) AS n FROM favorites')).toBe(0);
    expect(left('SELECT count(*) AS n FROM playlists')).toBe(0);
    expect(left('SELECT count(*) AS n FROM uploads')).toBe(0);
    expect(left('SELECT count(*) AS n FROM idempotency_keys')).toBe(0);
    expect(left('SELECT count(*) AS n FROM resources WHERE user_id IS NULL')).toBe(2);
    expect(left('SELECT count(*) AS n FROM ads WHERE user_id IS NULL')).toBe(1);
    expect(() => db.prepare("INSERT INTO comments (resource_id, user_id, comment) VALUES (1, 999, 'x')").run()).toThrow(/FOREIGN KEY/);
    // and the search index still follows the resources
    expect(db.prepare("SELECT count(*) AS n FROM resources_fts WHERE resources_fts MATCH 'nino'").get()).toEqual({ n: 1 });
  });

  it('is rolled back whole, foreign keys back on, when a reference would be left dangling', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p_id INTEGER REFERENCES p (id));');
    fs.writeFileSync(path.join(dir, '0002_b.sql'), 'INSERT INTO p VALUES (1); INSERT INTO c VALUES (1); DELETE FROM p;');
    const db = openDatabase(path.join(tempDir(), 'portal.db'));
    expect(() => migrate(db, dir)).toThrow(/0002_b deja referencias rotas: c → p/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare('SELECT count(*) AS n FROM c').get()).toEqual({ n: 0 });
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});
