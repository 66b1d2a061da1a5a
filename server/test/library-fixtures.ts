import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connection.ts';
import { mediaPath } from '../src/media/store.ts';
import { buildTestApp, createUser, login, type TestApp } from './helper.ts';

/** Test data for the library: rows straight into SQLite, files straight into the store. */

let seq = 0;
const nextKey = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

/** The library tests' people, ana and beto (villagers) and jefa (admin): their ids and Authorization headers. */
export async function addLibraryPeople(app: FastifyInstance): Promise<{ ids: Record<'ana' | 'beto' | 'jefa', number>; headers: Record<'ana' | 'beto' | 'jefa', Record<string, string>> }> {
  const ids = {
    ana: await createUser(app, 'ana', 'clave-ana'),
    beto: await createUser(app, 'beto', 'clave-beto'),
    jefa: await createUser(app, 'jefa', 'clave-jefa', { admin: true }),
  };
  const bearer = async (name: string) => ({ authorization: `Bearer ${(await login(app, name, `clave-${name}`)).token}` });
  return { ids, headers: { ana: await bearer('ana'), beto: await bearer('beto'), jefa: await bearer('jefa') } };
}

/**
 * A fresh app with the library tests' people: fills `users` with their ids and
 * `as` with their headers (callers keep their own `as.anon`), so every library
 * test file starts the same way.
 */
export async function buildLibraryApp(users: Record<string, number>, as: Record<string, Record<string, string>>): Promise<TestApp> {
  const t = await buildTestApp();
  const people = await addLibraryPeople(t.app);
  Object.assign(users, people.ids);
  Object.assign(as, people.headers);
  return t;
}

export function addCategory(db: Db, name: string, opts: { parent?: number | null; priority?: number; hidden?: boolean } = {}): number {
  return Number(
    db
      .prepare('INSERT INTO categories (global_id, name, parent_id, priority, status_id) VALUES (?, ?, ?, ?, ?)')
      .run(nextKey('cat'), name, opts.parent ?? null, opts.priority ?? 0, opts.hidden ? 0 : 1).lastInsertRowid,
  );
}

/**
 * Stores bytes in the content-addressed store and records them under the
 * type given (no door of the app's would: they type files by their bytes);
 * returns the sha256.
 */
export function addMedia(db: Db, dataDir: string, bytes: Buffer, ext: string, mime: string, opts: { duration?: number } = {}): string {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const file = mediaPath(dataDir, sha256, ext);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  db.prepare('INSERT OR IGNORE INTO media (sha256, ext, mime, size) VALUES (?, ?, ?, ?)').run(sha256, ext, mime, bytes.length);
  if (opts.duration !== undefined) db.prepare('UPDATE media SET duration_seconds = ? WHERE sha256 = ?').run(opts.duration, sha256);
  return sha256;
}

/** Deterministic bytes that differ at every offset, so a wrong range shows. */
export function patternBytes(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return out;
}

export interface NewResource {
  title: string;
  description?: string;
  author?: string;
  source?: string;
  license?: string;
  type?: number;
  category?: number | null;
  user?: number | null;
  status?: 'draft' | 'pending' | 'published' | 'rejected' | 'blocked';
  statusReason?: string | null;
  media?: string | null;
  cover?: string | null;
  views?: number;
  downloads?: number;
  createdAt?: string;
  playlist?: number | null;
  appVersion?: string | null;
}

export function addResource(db: Db, r: NewResource): number {
  return Number(
    db
      .prepare(
        `INSERT INTO resources (global_id, title, description, author, source, license, type_code, category_id, user_id,
           status, status_reason, media_sha256, media_name, cover_sha256, playlist_id, app_version, views, downloads, created_at, published_at)
         VALUES (@global_id, @title, @description, @author, @source, @license, @type, @category, @user,
           @status, @status_reason, @media, @media_name, @cover, @playlist, @app_version, @views, @downloads, @created_at,
           CASE WHEN @status = 'published' THEN @created_at END)`,
      )
      .run({
        global_id: nextKey('res'),
        title: r.title,
        description: r.description ?? '',
        author: r.author ?? '',
        source: r.source ?? '',
        license: r.license ?? 'CC0',
        type: r.type ?? 2,
        category: r.category ?? null,
        user: r.user ?? null,
        status: r.status ?? 'published',
        status_reason: r.statusReason ?? null,
        media: r.media ?? null,
        media_name: r.media ? 'archivo' : null,
        cover: r.cover ?? null,
        playlist: r.playlist ?? null,
        app_version: r.appVersion ?? null,
        views: r.views ?? 0,
        downloads: r.downloads ?? 0,
        created_at: r.createdAt ?? new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
      }).lastInsertRowid,
  );
}

export function addPlaylist(db: Db, userId: number, name: string, items: readonly number[]): number {
  const id = Number(db.prepare('INSERT INTO playlists (user_id, name) VALUES (?, ?)').run(userId, name).lastInsertRowid);
  items.forEach((resourceId, position) => db.prepare('INSERT INTO playlist_items (playlist_id, resource_id, position) VALUES (?, ?, ?)').run(id, resourceId, position));
  return id;
}
