import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppPageSchema, DEFAULT_PER_PAGE, ErrorBodySchema, QueryAppsSchema } from '@kit/contract';
import { resourceMediaUrl } from '../../media/media-url.ts';
import { findResources } from '../search/search.service.ts';
import { mayDownload } from '../../access/download-rule.ts';
import { findAppExtras } from './apps.repo.ts';

/** Resource type code of docs/PRODUCT.md#type-codes: Aplicación. */
const APP_TYPE = 5;

/**
 * GET /api/v2/apps: the apps repository (/uapps). The library's published
 * resources of type Aplicación, as the library lists them (hidden categories
 * left out), with their description, version and a counted download link.
 */
export const appsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v2/apps', { schema: { querystring: QueryAppsSchema, response: { 200: AppPageSchema, '4xx': ErrorBodySchema } } }, async (request) => {
    const page = request.query.page ?? 1;
    const { capped: _capped, ...result } = findResources(app.db, request.viewer, { page, perPage: DEFAULT_PER_PAGE, type: APP_TYPE, orderBy: 'title', order: 'asc' });
    const extras = findAppExtras(app.db, result.data.map((r) => r.id));
    const downloads = mayDownload(app.db, request.viewer);
    return {
      ...result,
      data: result.data.map((summary) => {
        const extra = extras.get(summary.id);
        return {
          ...summary,
          description: extra?.description ?? '',
          app_version: extra?.app_version ?? null,
          downloadUrl: downloads && extra?.has_file ? resourceMediaUrl(summary.id, true) : null,
        };
      }),
    };
  });
};
