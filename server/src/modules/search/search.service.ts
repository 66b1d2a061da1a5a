import { foldText } from '@kit/contract';
import type { ResourceSearchPage, SearchOrderBy, SearchUser } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import type { Viewer } from '../../access/viewer.ts';
import { userImageUrl } from '../../media/media-url.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { isPrivileged } from '../../access/privilege.ts';
import { loadSummaries } from '../../catalog/resource-cards.ts';
import { withReview } from '../../catalog/review.ts';
import { browseResourceIds, searchResourceIds, searchUsers, type ResourceFilter } from './search.repo.ts';
import { buildMatchExpression, searchTerms } from './search.query.ts';
import { pageOf } from '../../paging.ts';

export interface ResourceQuery {
  q?: string | undefined;
  section?: string | undefined;
  page: number;
  perPage: number;
  /** 0 or absent: every type */
  type?: number | undefined;
  /** category ids; descendants included */
  categories?: readonly number[] | undefined;
  user?: number | undefined;
  orderBy?: SearchOrderBy | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** "1,5,9" → [1, 5, 9]; the schema has already checked the shape. */
export function parseIdList(raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  return [...new Set(raw.split(',').map(Number))];
}

/**
 * What a search lets through: published resources outside hidden categories
 * (every status, anywhere, for `ownView`: a user's own page), of the type and
 * categories asked. The one rule for resources and libraries' articles.
 */
export function resourceFilter(tree: CategoryTree, query: Pick<ResourceQuery, 'type' | 'categories' | 'user'>, ownView = false): ResourceFilter {
  return {
    allStatuses: ownView,
    typeCode: query.type ? query.type : null,
    categoryIds: query.categories ? tree.subtreeIds(query.categories) : null,
    userId: query.user ?? null,
    // A user's own page shows all of theirs, wherever it is filed.
    excludeCategoryIds: ownView ? [] : tree.hiddenIds(),
  };
}

/**
 * The one list of resources behind /content/all, /v3/searchResource,
 * /v3/searchPage(Resource) and Más vistos: published resources only (a user's
 * own page, for that user or an admin, shows every status), hidden categories
 * left out for non-admins, filters combined with the text, the paged shape.
 */
export function findResources(db: Db, viewer: Viewer | null, query: ResourceQuery): ResourceSearchPage {
  const tree = CategoryTree.load(db, viewer);
  const ownView = query.section === 'user' && query.user !== undefined && viewer !== null && (viewer.id === query.user || isPrivileged(viewer));
  const filter = resourceFilter(tree, query, ownView);
  const text = query.q?.trim() ?? '';
  const orderBy: SearchOrderBy = query.orderBy ?? (query.section === 'featured' ? 'views' : text !== '' ? 'relevance' : 'created_at');
  const order = query.order ?? (orderBy === 'title' ? 'asc' : 'desc');
  const offset = (query.page - 1) * query.perPage;

  let result: { ids: number[]; total: number; capped: boolean };
  if (text === '') {
    result = browseResourceIds(db, filter, { by: orderBy, dir: order }, query.perPage, offset);
  } else {
    const match = buildMatchExpression(query.q ?? '');
    // Only punctuation or symbols: nothing can match, and nothing reaches FTS5.
    result = match === null ? { ids: [], total: 0, capped: false } : searchResourceIds(db, match, filter, { by: orderBy, dir: order }, query.perPage, offset);
  }
  const summaries = loadSummaries(db, result.ids, tree);
  // The owner (or an admin) reading their own list is told why each one is or is not out.
  const data = ownView ? withReview(db, summaries) : summaries;
  return { ...pageOf(data, result.total, query.page, query.perPage), capped: result.capped };
}

/** Users matching every word of the query (accent-insensitive), for the /search page. */
export function findUsers(db: Db, q: string, limit: number): { data: SearchUser[]; total: number } {
  const { rows, total } = searchUsers(db, searchTerms(q).map(foldText), limit);
  return {
    data: rows.map((u) => ({
      id: u.id,
      user_name: u.user_name,
      name: u.name,
      last_name: u.last_name,
      FullImageUrl: u.image_sha256 !== null ? userImageUrl(u.id, u.image_sha256) : null,
    })),
    total,
  };
}
