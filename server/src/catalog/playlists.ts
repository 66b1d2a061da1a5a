import type { ResourceDetail, ResourceSummary } from '@kit/contract';
import { isPrivileged } from '../access/privilege.ts';
import type { Db } from '../db/connection.ts';
import type { Viewer } from '../access/viewer.ts';
import type { CategoryTree } from './category-tree.ts';
import { findPlaylist, playlistItemIds, type DbPlaylist, type ItemViewer } from './playlists.repo.ts';
import { loadSummaries } from './resource-cards.ts';

/** Whose items a list shows whatever their status: the viewer's own, and every one to admins. */
export const itemViewer = (viewer: Viewer | null): ItemViewer => ({ userId: viewer?.id ?? null, privileged: isPrivileged(viewer) });

/** The cards of a list's items the viewer may see, in the list's order. */
export function playlistItems(db: Db, playlist: DbPlaylist, viewer: Viewer | null, tree: CategoryTree): ResourceSummary[] {
  return loadSummaries(db, playlistItemIds(db, playlist.id, itemViewer(viewer)), tree);
}

/** The list part of a list resource's page (type code LIST). */
export function playlistOfResource(db: Db, playlistId: number | null, viewer: Viewer | null, tree: CategoryTree): ResourceDetail['playlist'] {
  if (playlistId === null) return null;
  const p = findPlaylist(db, playlistId);
  if (!p) return null;
  return { id: p.id, name: p.name, items: playlistItems(db, p, viewer, tree) };
}
