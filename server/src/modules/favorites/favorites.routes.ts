import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, FavoriteStateSchema, IdempotencyHeadersSchema, IdParamsSchema, QueryPageSchema, ResourcePageSchema } from '@kit/contract';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../access/guards.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { isPrivileged } from '../../access/privilege.ts';
import { idempotent } from '../idempotency/idempotency.service.ts';
import { findModerated } from '../../catalog/resources.repo.ts';
import { canSee } from '../../access/privilege.ts';
import { loadSummaries } from '../../catalog/resource-cards.ts';
import { getUserOr404 } from '../users/users.service.ts';
import { viewerOf } from '../../access/privilege.ts';
import { addFavorite, favoriteIds, removeFavorite } from './favorites.repo.ts';
import { pageOf } from '../../paging.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const write = { preHandler: requireUser, schema: { params: IdParamsSchema, headers: IdempotencyHeadersSchema, response: { 200: FavoriteStateSchema, ...errors } } };

/**
 * Favourites (docs/PRODUCT.md#favourites; GET /v2/user/{id}/resources/favorites, a contract path: docs/PRODUCT.md#api-contract).
 * Adding and removing are PUT and DELETE on the resource: both say the state
 * they leave, so sending either twice is harmless even without a key.
 */
export const favoritesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.put('/v2/resources/:id/favorite', write, async (request, reply) =>
    idempotent(request, reply, 200, () => {
      const viewer = viewerOf(request);
      const resource = findModerated(db, request.params.id);
      if (!resource || !canSee(resource, viewer)) throw new AppError('RESOURCE_NOT_FOUND');
      addFavorite(db, viewer.id, resource.id);
      return { resourceId: resource.id, isFavorite: true };
    }),
  );

  // Works for a resource the caller can no longer see (blocked since): it just leaves their list.
  app.delete('/v2/resources/:id/favorite', write, async (request, reply) =>
    idempotent(request, reply, 200, () => {
      removeFavorite(db, viewerOf(request).id, request.params.id);
      return { resourceId: request.params.id, isFavorite: false };
    }),
  );

  app.get(
    '/v2/user/:id/resources/favorites',
    { schema: { params: IdParamsSchema, querystring: QueryPageSchema, response: { 200: ResourcePageSchema, ...errors } } },
    async (request) => {
      const user = getUserOr404(db, request.params.id);
      const viewer = request.viewer;
      const tree = CategoryTree.load(db, viewer);
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 24;
      const offset = (page - 1) * perPage;
      const found = favoriteIds(
        db,
        { userId: user.id, viewerId: viewer?.id ?? null, all: isPrivileged(viewer), excludeCategoryIds: tree.hiddenIds() },
        perPage,
        offset,
      );
      const data = loadSummaries(db, found.ids, tree);
      return pageOf(data, found.total, page, perPage);
    },
  );
};
