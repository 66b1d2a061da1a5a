import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParamsSchema, QueryArticleCopySchema } from '@kit/contract';
import { Type } from 'typebox';
import { mediaPath } from '../../media/store.ts';
import { articleCopy } from './article-copy.ts';
import { zimRefusal } from './libraries.service.ts';
import { readableLibrary } from './zim-entries.ts';
import { openLibrary, ZIM_CSP } from './zim.routes.ts';

/**
 * GET /v2/libraries/{id}/copy?path=…: one article of a library, self-contained, for a phone to keep
 * (docs/API-contributions.md#bibliotecas-zim). The same library rules and sandbox as the reader's pages.
 */
export const articleCopyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/libraries/:id/copy',
    { schema: { params: IdParamsSchema, querystring: QueryArticleCopySchema, response: { 200: Type.String(), ...ErrorResponses } } },
    async (request, reply) => {
      const { sha256 } = readableLibrary(app.db, request.params.id, request.viewer);
      const lease = await openLibrary(app.zimPool, sha256, mediaPath(app.config.dataDir, sha256, 'zim'));
      try {
        const copy = await articleCopy(lease.zim, request.query.path).catch((error: unknown) => {
          throw zimRefusal(error);
        });
        return reply
          .type('text/html; charset=utf-8')
          .header('Content-Security-Policy', ZIM_CSP)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'no-store')
          .send(copy.html);
      } finally {
        lease.release();
      }
    },
  );
};
