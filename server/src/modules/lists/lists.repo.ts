import type { Db } from '../../db/connection.ts';

import type { ItemViewer } from '../../catalog/playlists.repo.ts';

// ---------------------------------------------------------------- writes (docs/API-contributions.md)

export function insertPlaylist(db: Db, userId: number, name: string): number {
  return Number(db.prepare('INSERT INTO playlists (user_id, name) VALUES (?, ?)').run(userId, name).lastInsertRowid);
}

export function renamePlaylist(db: Db, id: number, name: string): void {
  db.prepare("UPDATE playlists SET name = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(name, id);
}

/** The list and its items (cascade); a type 6 resource built on it loses its list (SET NULL). */
export function deletePlaylist(db: Db, id: number): void {
  db.prepare('DELETE FROM playlists WHERE id = ?').run(id);
}

export function countPlaylistItems(db: Db, id: number): number {
  return db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM playlist_items WHERE playlist_id = ?').get(id)?.n ?? 0;
}

export function hasPlaylistItem(db: Db, playlistId: number, resourceId: number): boolean {
  return db.prepare('SELECT 1 FROM playlist_items WHERE playlist_id = ? AND resource_id = ?').get(playlistId, resourceId) !== undefined;
}

/** Appends at the end; an item already there stays where it is. */
export function addPlaylistItem(db: Db, playlistId: number, resourceId: number): void {
  db.transaction(() => {
    const added = db
      .prepare(
        `INSERT OR IGNORE INTO playlist_items (playlist_id, resource_id, position)
         VALUES (@playlist, @resource, (SELECT coalesce(max(position), -1) + 1 FROM playlist_items WHERE playlist_id = @playlist))`,
      )
      .run({ playlist: playlistId, resource: resourceId }).changes;
    if (added > 0) db.prepare("UPDATE playlists SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(playlistId);
  })();
}

export function removePlaylistItem(db: Db, playlistId: number, resourceId: number): void {
  db.transaction(() => {
    const removed = db.prepare('DELETE FROM playlist_items WHERE playlist_id = ? AND resource_id = ?').run(playlistId, resourceId).changes;
    if (removed > 0) db.prepare("UPDATE playlists SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(playlistId);
  })();
}

export interface DbPlaylistCard {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
  count: number;
  cover_sha256: string | null;
  cover_ext: string | null;
  has_resource: number;
}

/** A user's lists for their profile, most recently changed first, counting only items the viewer may see. */
export function playlistCards(db: Db, ownerId: number, viewer: ItemViewer, resourceId: number | null): DbPlaylistCard[] {
  const visible = "(r.status = 'published' OR @all = 1 OR r.user_id = @user)";
  return db
    .prepare<{ owner: number; user: number | null; all: number; resource: number | null }, DbPlaylistCard>(
      `SELECT p.id, p.name, p.created_at, p.updated_at,
              (SELECT count(*) FROM playlist_items i JOIN resources r ON r.id = i.resource_id
                WHERE i.playlist_id = p.id AND ${visible}) AS count,
              c.sha256 AS cover_sha256, c.ext AS cover_ext,
              EXISTS (SELECT 1 FROM playlist_items WHERE playlist_id = p.id AND resource_id = @resource) AS has_resource
       FROM playlists p
       LEFT JOIN media c ON c.sha256 = (
         SELECT r.cover_sha256 FROM playlist_items i JOIN resources r ON r.id = i.resource_id
         WHERE i.playlist_id = p.id AND r.cover_sha256 IS NOT NULL AND ${visible}
         ORDER BY i.position, i.added_at LIMIT 1)
       WHERE p.user_id = @owner
       ORDER BY p.updated_at DESC, p.id DESC`,
    )
    .all({ owner: ownerId, user: viewer.userId, all: viewer.privileged ? 1 : 0, resource: resourceId });
}
