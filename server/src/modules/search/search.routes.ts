import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_PER_PAGE,
  ErrorBodySchema,
  ErrorResponses,
  QuerySearchPageSchema,
  QuerySearchResourceSchema,
  QuerySearchSchema,
  ResourceSearchPageSchema,
  SearchPageSchema,
  SearchResultsSchema,
} from '@kit/contract';
import { searchAll } from './search-all.ts';
import { findResources, findUsers, parseIdList } from './search.service.ts';

/** Users shown beside the resources on the /search page's first view. */
const USERS_PREVIEW = 6;

/**
 * Search (docs/API-library.md "Search"): accent- and case-insensitive
 * full-text search over title, description, author and category name, with
 * filters, orders and pages. See search.repo.ts for the work cap.
 */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v3/searchResource',
    { schema: { querystring: QuerySearchResourceSchema, response: { 200: ResourceSearchPageSchema, '4xx': ErrorBodySchema } } },
    async (request) => {
      const q = request.query;
      return findResources(app.db, request.viewer, { ...pagedQuery(q), section: q.section, user: q.user, orderBy: q.orderBy, order: q.order });
    },
  );

  app.get(
    '/v3/searchPageResource',
    { schema: { querystring: QuerySearchPageSchema, response: { 200: ResourceSearchPageSchema, '4xx': ErrorBodySchema } } },
    async (request) => {
      const q = request.query;
      return findResources(app.db, request.viewer, pagedQuery(q));
    },
  );

  app.get(
    '/v3/searchPage',
    { schema: { querystring: QuerySearchPageSchema, response: { 200: SearchPageSchema, '4xx': ErrorBodySchema } } },
    async (request) => {
      const q = request.query;
      const resources = findResources(app.db, request.viewer, pagedQuery(q));
      return {
        data: resources.data,
        total: resources.total,
        capped: resources.capped,
        users: (q.q ?? '').trim() === '' ? { data: [], total: 0 } : findUsers(app.db, q.q ?? '', USERS_PREVIEW),
      };
    },
  );

  app.get(
    '/v2/search',
    { schema: { querystring: QuerySearchSchema, response: { 200: SearchResultsSchema, ...ErrorResponses } } },
    async (request) => {
      const q = request.query;
      return searchAll(app.db, request.viewer, { ...pagedQuery(q), q: q.q, library: q.library });
    },
  );
};

/** The text, page and filters every search page reads the same way. */
function pagedQuery(q: { q?: string | undefined; page?: number | undefined; per_page?: number | undefined; type?: number | undefined; categories?: string | undefined }) {
  return { q: q.q, page: q.page ?? 1, perPage: q.per_page ?? DEFAULT_PER_PAGE, type: q.type, categories: parseIdList(q.categories) };
}
