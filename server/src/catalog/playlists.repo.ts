import type { Db } from '../db/connection.ts';

export interface DbPlaylist {
  id: number;
  name: string;
  user_id: number;
  user_name: string | null;
  user_blocked: number | null;
  user_image_sha256: string | null;
  user_image_ext: string | null;
  created_at: string;
}

export function findPlaylist(db: Db, id: number): DbPlaylist | undefined {
  return db
    .prepare<[number], DbPlaylist>(
      `SELECT p.id, p.name, p.user_id, u.user_name, u.blocked AS user_blocked,
              ui.sha256 AS user_image_sha256, ui.ext AS user_image_ext, p.created_at
       FROM playlists p
       LEFT JOIN users u ON u.id = p.user_id
       LEFT JOIN media ui ON ui.sha256 = u.image_sha256
       WHERE p.id = ?`,
    )
    .get(id);
}

/** Who is asking: their own items and, for admins, every item show whatever their status. */
export interface ItemViewer {
  userId: number | null;
  privileged: boolean;
}

/** The list's item ids in order, keeping only those the viewer may see. */
export function playlistItemIds(db: Db, playlistId: number, viewer: ItemViewer): number[] {
  return db
    .prepare<{ playlist: number; user: number | null; all: number }, { id: number }>(
      `SELECT r.id FROM playlist_items i JOIN resources r ON r.id = i.resource_id
       WHERE i.playlist_id = @playlist
         AND (r.status = 'published' OR @all = 1 OR r.user_id = @user)
       ORDER BY i.position, i.added_at, r.id`,
    )
    .all({ playlist: playlistId, user: viewer.userId, all: viewer.privileged ? 1 : 0 })
    .map((r) => r.id);
}
