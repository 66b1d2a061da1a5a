import { RESOURCE_TYPES, type ArticleHit, type SearchHit, type SearchResults } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import type { Viewer } from '../../access/viewer.ts';
import { AppError } from '../../errors.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { loadSummaries } from '../../catalog/resource-cards.ts';
import { pageOf } from '../../paging.ts';
import { isVisibleLibrary, searchArticleTitles, searchLibraryArticles, type ArticleHits, type DbArticleHit } from './articles.repo.ts';
import { buildMatchExpression, textWords } from './search.query.ts';
import { resourceTitles, SEARCH_CANDIDATE_CAP, searchResourceIds, type SearchPage } from './search.repo.ts';
import { resourceFilter } from './search.service.ts';

export interface SearchAllQuery {
  q: string;
  page: number;
  perPage: number;
  type?: number | undefined;
  categories?: readonly number[] | undefined;
  library?: number | undefined;
}

const toArticleHit = (row: DbArticleHit): ArticleHit => ({
  kind: 'article',
  libraryId: row.resource_id,
  libraryTitle: row.library_title,
  title: row.title,
  alias: row.name !== row.title ? row.name : null,
  path: row.path,
});

/** Words in a title: among titles with every word asked, the fewest other words is the closest match. */
const wordCount = (title: string): number => textWords(title).length;

type Ranked = { kind: 'resource'; id: number } | { kind: 'article'; row: DbArticleHit };

/**
 * Resources and articles in one order (docs/API-library.md "Search"): the
 * resources with every word in their title and the articles (found by title)
 * merged by how many words their title has (fewest first; a resource first on
 * a tie), each list keeping its own order; then the resources found by
 * description, author or category.
 */
function rank(db: Db, resources: SearchPage, articles: readonly DbArticleHit[]): Ranked[] {
  const titled = resources.titled ?? new Set<number>();
  const titles = resourceTitles(db, [...titled]);
  const inTitle = resources.ids.filter((id) => titled.has(id));
  const merged: Ranked[] = [];
  let r = 0;
  let a = 0;
  while (r < inTitle.length || a < articles.length) {
    const id = inTitle[r];
    const article = articles[a];
    if (id !== undefined && (article === undefined || wordCount(titles.get(id) ?? '') <= article.words)) {
      merged.push({ kind: 'resource', id });
      r++;
    } else if (article !== undefined) {
      merged.push({ kind: 'article', row: article });
      a++;
    }
  }
  return [...merged, ...resources.ids.filter((id) => !titled.has(id)).map((id): Ranked => ({ kind: 'resource', id }))];
}

const NO_ARTICLES: ArticleHits = { rows: [], total: 0, capped: false };

/**
 * GET /api/v2/search: the village's resources and the articles of its
 * visible libraries, ranked together; with `library`, that library's
 * articles by title, then by text.
 */
export function searchAll(db: Db, viewer: Viewer | null, query: SearchAllQuery): SearchResults {
  const tree = CategoryTree.load(db, viewer);
  const filter = resourceFilter(tree, query);
  const offset = (query.page - 1) * query.perPage;
  // Each list is read as far as the page's end, within its work cap.
  const need = Math.min(offset + query.perPage, SEARCH_CANDIDATE_CAP);
  const match = buildMatchExpression(query.q);
  if (query.library !== undefined) {
    if (!isVisibleLibrary(db, query.library, { ...filter, typeCode: null, categoryIds: null })) throw new AppError('NOT_FOUND', { field: 'library' });
    const found = match === null ? NO_ARTICLES : searchLibraryArticles(db, match, query.library, need, SEARCH_CANDIDATE_CAP);
    const data = found.rows.slice(offset).map(toArticleHit);
    return { ...pageOf<SearchHit>(data, found.total, query.page, query.perPage), capped: found.capped };
  }
  if (match === null) return { ...pageOf<SearchHit>([], 0, query.page, query.perPage), capped: false };
  const resources = searchResourceIds(db, match, filter, { by: 'relevance', dir: 'desc' }, need, 0);
  const withArticles = filter.typeCode === null || filter.typeCode === RESOURCE_TYPES.LIBRARY;
  const articles = withArticles ? searchArticleTitles(db, match, { ...filter, typeCode: null }, need, SEARCH_CANDIDATE_CAP) : NO_ARTICLES;
  const page = rank(db, resources, articles.rows).slice(offset, offset + query.perPage);
  const summaries = new Map(loadSummaries(db, page.flatMap((hit) => (hit.kind === 'resource' ? [hit.id] : [])), tree).map((s) => [s.id, s]));
  const data = page.flatMap((hit): SearchHit[] => {
    if (hit.kind === 'article') return [toArticleHit(hit.row)];
    const resource = summaries.get(hit.id);
    return resource ? [{ kind: 'resource', resource }] : [];
  });
  return { ...pageOf(data, resources.total + articles.total, query.page, query.perPage), capped: resources.capped || articles.capped };
}
