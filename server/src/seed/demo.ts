import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import { HIGHLIGHT } from '../logging.ts';
import { ingestLocalFile } from '../media/ingest.ts';
import { generatePassword, hashPassword } from '../modules/auth/password.ts';
import { DEMO_DIR } from '../project-paths.ts';



interface DemoCatalog {
  categories: { key: string; name: string; parent: string | null; priority: number }[];
  users: {
    key: string; user_name: string; name: string; last_name: string; email: string | null;
    gender: number | null; born_date: string | null; instruction_degree: string | null; occupation: string | null;
    code_phone: string | null; phone_number: string | null; is_admin: boolean;
  }[];
  resources: {
    key: string; title: string; description: string; author: string; source: string; license: string;
    type_code: number; category: string; owner: string; status: string; file: string | null; cover: string | null;
    app_version?: string; views: number; downloads: number; created_at: string; items?: string[];
  }[];
  comments: { resource: string; user: string; comment: string; created_at: string }[];
}

/** Loads the demo library when the database has no resources yet (a fresh `make start`). */
export async function seedDemoIfEmpty(db: Db, dataDir: string, log: FastifyBaseLogger, demoDir = DEMO_DIR): Promise<boolean> {
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM resources').get()?.n ?? 0;
  if (count > 0) return false;
  const catalog = JSON.parse(fs.readFileSync(path.join(demoDir, 'catalog.json'), 'utf8')) as DemoCatalog;

  // Files go into the store first (slow, outside the transaction); rows then land all at once.
  const media = new Map<string, string>();
  for (const rel of new Set(catalog.resources.flatMap((r) => [r.file, r.cover]).filter((f): f is string => f !== null))) {
    media.set(rel, (await ingestLocalFile(db, dataDir, path.join(demoDir, rel))).sha256);
  }
  const passwords = new Map<string, { hash: string; clear: string }>();
  for (const user of catalog.users) {
    const clear = generatePassword();
    passwords.set(user.key, { clear, hash: await hashPassword(clear) });
  }

  db.transaction(() => {
    const categoryIds = new Map<string, number>();
    const insertCategory = db.prepare('INSERT INTO categories (global_id, name, parent_id, priority) VALUES (?, ?, ?, ?)');
    // Parents are listed before their children in the catalog.
    for (const c of catalog.categories) {
      const parent = c.parent === null ? null : (categoryIds.get(c.parent) ?? null);
      categoryIds.set(c.key, Number(insertCategory.run(`demo-category-${c.key}`, c.name, parent, c.priority).lastInsertRowid));
    }

    const userIds = new Map<string, number>();
    const insertUser = db.prepare(
      `INSERT INTO users (user_name, password_hash, name, last_name, email, gender, born_date, instruction_degree,
         occupation, code_phone, phone_number, is_admin, role_id)
       VALUES (@user_name, @hash, @name, @last_name, @email, @gender, @born_date, @instruction_degree,
         @occupation, @code_phone, @phone_number, @is_admin, @role_id)`,
    );
    for (const u of catalog.users) {
      const { key: _key, ...fields } = u;
      const id = insertUser.run({ ...fields, hash: passwords.get(u.key)?.hash, is_admin: u.is_admin ? 1 : 0, role_id: u.is_admin ? 1 : 2 }).lastInsertRowid;
      userIds.set(u.key, Number(id));
    }

    const resourceIds = new Map<string, number>();
    const insertResource = db.prepare(
      `INSERT INTO resources (global_id, title, description, author, source, license, type_code, category_id, user_id,
         status, media_sha256, media_name, cover_sha256, app_version, rights_declared, views, downloads,
         created_at, updated_at, published_at)
       VALUES (@global_id, @title, @description, @author, @source, @license, @type_code, @category_id, @user_id,
         @status, @media_sha256, @media_name, @cover_sha256, @app_version, 1, @views, @downloads,
         @created_at, @created_at, CASE WHEN @status = 'published' THEN @created_at END)`,
    );
    const insertStat = db.prepare('INSERT INTO resource_stats_daily (resource_id, day, views, downloads) VALUES (?, ?, ?, ?)');
    for (const r of catalog.resources) {
      const id = Number(
        insertResource.run({
          global_id: `demo-resource-${r.key}`,
          title: r.title, description: r.description, author: r.author, source: r.source, license: r.license,
          type_code: r.type_code, category_id: categoryIds.get(r.category) ?? null, user_id: userIds.get(r.owner) ?? null,
          status: r.status, media_sha256: r.file ? media.get(r.file) : null, media_name: r.file ? path.basename(r.file) : null,
          cover_sha256: r.cover ? media.get(r.cover) : null, app_version: r.app_version ?? null,
          views: r.views, downloads: r.downloads, created_at: r.created_at,
        }).lastInsertRowid,
      );
      resourceIds.set(r.key, id);
      // Spread the counters over the last 30 days so the dashboard's charts have a history.
      for (let day = 0; day < 30; day++) {
        const views = Math.floor(r.views / 30) + (day < r.views % 30 ? 1 : 0);
        const downloads = Math.floor(r.downloads / 30) + (day < r.downloads % 30 ? 1 : 0);
        if (views + downloads > 0) insertStat.run(id, new Date(Date.now() - day * 86_400_000).toISOString().slice(0, 10), views, downloads);
      }
    }

    const insertPlaylist = db.prepare('INSERT INTO playlists (user_id, name) VALUES (?, ?)');
    const insertItem = db.prepare('INSERT INTO playlist_items (playlist_id, resource_id, position) VALUES (?, ?, ?)');
    const linkPlaylist = db.prepare('UPDATE resources SET playlist_id = ? WHERE id = ?');
    for (const r of catalog.resources.filter((x) => x.items)) {
      const playlistId = Number(insertPlaylist.run(userIds.get(r.owner), r.title).lastInsertRowid);
      (r.items ?? []).forEach((key, position) => insertItem.run(playlistId, resourceIds.get(key), position));
      linkPlaylist.run(playlistId, resourceIds.get(r.key));
    }

    const insertComment = db.prepare('INSERT INTO comments (resource_id, user_id, comment, created_at) VALUES (?, ?, ?, ?)');
    for (const c of catalog.comments) insertComment.run(resourceIds.get(c.resource), userIds.get(c.user), c.comment, c.created_at);
  })();

  log.warn(
    HIGHLIGHT,
    `Datos de demostración cargados: ${catalog.resources.length} recursos, ${catalog.categories.length} categorías. ` +
      `Usuarios de demostración (contraseñas generadas, se muestran solo ahora): ` +
      catalog.users.map((u) => `${u.user_name} / ${passwords.get(u.key)?.clear}`).join(', '),
  );
  return true;
}
