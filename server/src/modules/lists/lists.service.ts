import { PLAYLIST_MAX_ITEMS, PLAYLIST_NAME_MAX, type Playlist, type PlaylistCard } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { plainText } from '../../plain-text.ts';
import { mediaUrl } from '../../media/media-url.ts';
import type { Viewer } from '../../access/viewer.ts';
import { userImageUrl } from '../../media/media-url.ts';
import { isPrivileged } from '../../access/privilege.ts';
import { type CategoryTree } from '../../catalog/category-tree.ts';
import { addPlaylistItem, countPlaylistItems, deletePlaylist, hasPlaylistItem, insertPlaylist, playlistCards, removePlaylistItem, renamePlaylist } from './lists.repo.ts';
import { findPlaylist, type DbPlaylist } from '../../catalog/playlists.repo.ts';
import { itemViewer, playlistItems } from '../../catalog/playlists.ts';
import { visibleResource } from '../../catalog/resource-lookup.ts';

function owner(p: DbPlaylist): Playlist['user'] {
  if (p.user_name === null) return null;
  const picture = p.user_image_sha256 !== null && p.user_image_ext !== null && p.user_blocked !== 1;
  return { id: p.user_id, user_name: p.user_name, FullImageUrl: picture ? userImageUrl(p.user_id, p.user_image_sha256 as string) : null };
}

/** A list with the items the viewer may see, or null when it does not exist. */
export function readPlaylist(db: Db, id: number, viewer: Viewer | null, tree: CategoryTree): Playlist | null {
  const p = findPlaylist(db, id);
  if (!p) return null;
  return {
    id: p.id,
    name: p.name,
    user: owner(p),
    createdAt: p.created_at,
    content: playlistItems(db, p, viewer, tree),
  };
}

// ---------------------------------------------------------------- writes (docs/API-contributions.md)

/** A list name: trimmed, 1–PLAYLIST_NAME_MAX characters. */
export function cleanPlaylistName(raw: string): string {
  const name = plainText(raw, false).replace(/\s+/g, ' ');
  if (name === '' || [...name].length > PLAYLIST_NAME_MAX) {
    throw new AppError('VALIDATION', { field: 'body.name', reason: 'length' }, `El nombre de la lista debe tener entre 1 y ${PLAYLIST_NAME_MAX} caracteres`);
  }
  return name;
}

/** Only the owner changes a list; an admin may also delete one (a list name can need moderating too). */
function ownList(db: Db, viewer: Viewer, id: number, opts: { adminMay?: boolean } = {}): DbPlaylist {
  const p = findPlaylist(db, id);
  if (!p) throw new AppError('PLAYLIST_NOT_FOUND');
  if (p.user_id !== viewer.id && !(opts.adminMay && isPrivileged(viewer))) throw new AppError('FORBIDDEN');
  return p;
}

export function createPlaylist(db: Db, viewer: Viewer, rawName: string): number {
  return insertPlaylist(db, viewer.id, cleanPlaylistName(rawName));
}

export function renameOwnPlaylist(db: Db, viewer: Viewer, id: number, rawName: string): void {
  const name = cleanPlaylistName(rawName);
  ownList(db, viewer, id);
  renamePlaylist(db, id, name);
}

export function deleteOwnPlaylist(db: Db, viewer: Viewer, id: number): void {
  ownList(db, viewer, id, { adminMay: true });
  deletePlaylist(db, id);
}

/** Adds a resource the owner can see, at the end; already there: nothing changes. */
export function addToPlaylist(db: Db, viewer: Viewer, id: number, resourceId: number): void {
  ownList(db, viewer, id);
  visibleResource(db, resourceId, viewer);
  if (hasPlaylistItem(db, id, resourceId)) return;
  if (countPlaylistItems(db, id) >= PLAYLIST_MAX_ITEMS) throw new AppError('PLAYLIST_FULL', { max: PLAYLIST_MAX_ITEMS });
  addPlaylistItem(db, id, resourceId);
}

/** Removes an item (whatever its status now); not there: nothing changes. */
export function removeFromPlaylist(db: Db, viewer: Viewer, id: number, resourceId: number): void {
  ownList(db, viewer, id);
  removePlaylistItem(db, id, resourceId);
}

export function userPlaylistCards(db: Db, ownerId: number, viewer: Viewer | null, resourceId: number | null): PlaylistCard[] {
  return playlistCards(db, ownerId, itemViewer(viewer), resourceId).map((c) => ({
    id: c.id,
    name: c.name,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    count: c.count,
    coverUrl: c.cover_sha256 && c.cover_ext ? mediaUrl(c.cover_sha256, c.cover_ext) : null,
    ...(resourceId !== null ? { hasResource: c.has_resource === 1 } : {}),
  }));
}
