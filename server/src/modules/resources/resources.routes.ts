import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  IdParamsSchema,
  QueryContentAllSchema,
  QueryRandomSchema,
  ResourceDetailSchema,
  ResourcePageSchema,
  ResourceSummarySchema,
} from '@kit/contract';
import { Type } from 'typebox';
import { downloadAsked } from '../../access/download-rule.ts';
import { resourceDetail } from '../../catalog/resource-detail.ts';
import { visibleDetailRow } from '../../catalog/resource-lookup.ts';
import { downloadFileName } from '../../media/disposition.ts';
import { sendMedia } from '../../media/serve.ts';
import { countDownload, libraryPage, randomSummary, visibleMedia } from './resources.service.ts';

const MediaQuerySchema = Type.Object({
  /** 1: an attachment with a Spanish file name, counted as a download */
  download: Type.Optional(Type.String({ pattern: '^(1|0|true|false)?$' })),
});

/**
 * Resources, read side (docs/API-library.md "Resources"): the
 * resource page, the random pick, the paged library, and a resource's file.
 */
export const resourcesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/resource/:id',
    { schema: { params: IdParamsSchema, response: { 200: ResourceDetailSchema, '4xx': ErrorBodySchema } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const row = visibleDetailRow(app.db, request.params.id, viewer);
      // A visit to the page is a view, once per viewer a day; only published resources have an audience to count.
      if (row.status === 'published' && request.method === 'GET' && app.counters.take(request, reply, 'view', 'resource-view', row.id)) app.viewCounts.add(row.id);
      row.views += app.viewCounts.unwritten(row.id);
      return resourceDetail(app.db, row, viewer);
    },
  );

  // The resource's file at an address that follows the resource (a new upload
  // replaces it), so it is revalidated (ETag) rather than cached for good;
  // ?download=1 makes it an attachment named after the title and counts it.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/v2/resource/:id/media',
    schema: { params: IdParamsSchema, querystring: MediaQuerySchema, response: { '4xx': ErrorBodySchema } },
    handler: async (request, reply) => {
      const media = visibleMedia(app.db, request.params.id, request.viewer);
      const download = downloadAsked(app.db, request.viewer, request.query.download);
      return sendMedia(request, reply, media, {
        cacheControl: media.status === 'published' ? 'public, no-cache' : 'private, no-cache',
        fileName: downloadFileName(media.title, media.ext),
        download,
        ...(download
          ? {
              onDownload: () => {
                if (app.counters.take(request, reply, 'download', 'resource-download', media.id)) countDownload(app.db, media.id);
              },
            }
          : {}),
      });
    },
  });

  app.get(
    '/contents/random',
    { schema: { querystring: QueryRandomSchema, response: { 200: ResourceSummarySchema, '4xx': ErrorBodySchema } } },
    async (request) => randomSummary(app.db, request.viewer, request.query.type),
  );

  app.get(
    '/content/all',
    { schema: { querystring: QueryContentAllSchema, response: { 200: ResourcePageSchema, '4xx': ErrorBodySchema } } },
    async (request) => libraryPage(app.db, request.viewer, request.query),
  );
};
