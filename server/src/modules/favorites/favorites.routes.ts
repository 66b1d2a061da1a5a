import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, FavoriteStateSchema, IdempotencyHeadersSchema, IdParamsSchema, QueryPageSchema, ResourcePageSchema } from '@kit/contract';
import { requireUser } from '../../access/guards.ts';
import { viewerOf } from '../../access/privilege.ts';
import { idempotent } from '../idempotency/idempotency.service.ts';
import { favoritesPage, markFavorite, unmarkFavorite } from './favorites.service.ts';

const write = { preHandler: requireUser, schema: { params: IdParamsSchema, headers: IdempotencyHeadersSchema, response: { 200: FavoriteStateSchema, ...ErrorResponses } } };

/**
 * Favourites (docs/PRODUCT.md#favourites; GET /v2/user/{id}/resources/favorites, a contract path: docs/PRODUCT.md#api-contract).
 * Adding and removing are PUT and DELETE on the resource: both say the state
 * they leave, so sending either twice is harmless even without a key.
 */
export const favoritesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.put('/v2/resources/:id/favorite', write, async (request, reply) =>
    idempotent(request, reply, 200, () => markFavorite(db, viewerOf(request), request.params.id)),
  );

  // Works for a resource the caller can no longer see (blocked since): it just leaves their list.
  app.delete('/v2/resources/:id/favorite', write, async (request, reply) =>
    idempotent(request, reply, 200, () => unmarkFavorite(db, viewerOf(request), request.params.id)),
  );

  app.get(
    '/v2/user/:id/resources/favorites',
    { schema: { params: IdParamsSchema, querystring: QueryPageSchema, response: { 200: ResourcePageSchema, ...ErrorResponses } } },
    async (request) => favoritesPage(db, request.params.id, request.query, request.viewer),
  );
};
