import type { Playlist, ResourceDetail } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import type { Viewer } from '../../types.ts';
import { userImageUrl } from '../users/users.constants.ts';
import { isPrivileged, type CategoryTree } from '../categories/categories.service.ts';
import { loadSummaries } from '../resources/resources.service.ts';
import { findPlaylist, playlistItemIds, type DbPlaylist } from './lists.repo.ts';

const itemViewer = (viewer: Viewer | null) => ({ userId: viewer?.id ?? null, privileged: isPrivileged(viewer) });

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
    content: loadSummaries(db, playlistItemIds(db, p.id, itemViewer(viewer)), tree),
  };
}

/** The playlist part of a type 6 resource's page. */
export function playlistOfResource(db: Db, playlistId: number | null, viewer: Viewer | null, tree: CategoryTree): ResourceDetail['playlist'] {
  if (playlistId === null) return null;
  const p = findPlaylist(db, playlistId);
  if (!p) return null;
  return { id: p.id, name: p.name, items: loadSummaries(db, playlistItemIds(db, p.id, itemViewer(viewer)), tree) };
}
