import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParamsSchema, QueryArticleCopySchema } from '@kit/contract';
import { Type } from 'typebox';
import { copyOfArticle, ZIM_PAGE_CSP } from './article-copy.service.ts';

/**
 * GET /v2/libraries/{id}/copy?path=…: one article of a library, self-contained, for a phone
 * to keep (docs/API-contributions.md#bibliotecas-zim). Someone else's HTML: sandboxed like the reader's pages.
 */
export const articleCopyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/libraries/:id/copy',
    { schema: { params: IdParamsSchema, querystring: QueryArticleCopySchema, response: { 200: Type.String(), ...ErrorResponses } } },
    async (request, reply) => {
      const copy = await copyOfArticle(app.db, app.config.dataDir, request.params.id, request.query.path, request.viewer);
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', ZIM_PAGE_CSP)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(copy.html);
    },
  );
};
