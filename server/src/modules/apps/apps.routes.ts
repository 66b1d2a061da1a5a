import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppPageSchema, ErrorBodySchema, QueryAppsSchema } from '@kit/contract';
import { appsPage } from './apps.service.ts';

/** GET /api/v2/apps: the apps repository (/uapps), built by apps.service.ts. */
export const appsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v2/apps', { schema: { querystring: QueryAppsSchema, response: { 200: AppPageSchema, '4xx': ErrorBodySchema } } }, async (request) =>
    appsPage(app.db, request.viewer, request.query),
  );
};
