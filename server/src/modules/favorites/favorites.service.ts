import type { FavoriteState, ResourcePage } from '@kit/contract';
import { isPrivileged } from '../../access/privilege.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { loadSummaries } from '../../catalog/resource-cards.ts';
import type { Db } from '../../db/connection.ts';
import { pageOf, pageRequest, type PageQuery } from '../../paging.ts';
import type { Viewer } from '../../access/viewer.ts';
import { getUserOr404 } from '../users/users.service.ts';
import { addFavorite, favoriteIds, removeFavorite } from './favorites.repo.ts';
import { visibleResource } from '../../catalog/resource-lookup.ts';

/** Marks a resource the viewer can see as a favourite. */
export function markFavorite(db: Db, viewer: Viewer, resourceId: number): FavoriteState {
  const resource = visibleResource(db, resourceId, viewer);
  addFavorite(db, viewer.id, resource.id);
  return { resourceId: resource.id, isFavorite: true };
}

/** Takes a resource off the viewer's favourites, even one they can no longer see (blocked since). */
export function unmarkFavorite(db: Db, viewer: Viewer, resourceId: number): FavoriteState {
  removeFavorite(db, viewer.id, resourceId);
  return { resourceId, isFavorite: false };
}

/** A user's favourites as the viewer may see them, a page at a time. */
export function favoritesPage(db: Db, userId: number, query: PageQuery, viewer: Viewer | null): ResourcePage {
  const user = getUserOr404(db, userId);
  const tree = CategoryTree.load(db, viewer);
  const { page, perPage, offset } = pageRequest(query);
  const found = favoriteIds(db, { userId: user.id, viewerId: viewer?.id ?? null, all: isPrivileged(viewer), excludeCategoryIds: tree.hiddenIds() }, perPage, offset);
  return pageOf(loadSummaries(db, found.ids, tree), found.total, page, perPage);
}
