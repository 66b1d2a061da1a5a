import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_PER_PAGE,
  ErrorBodySchema,
  IdParamsSchema,
  QueryContentAllSchema,
  QueryRandomSchema,
  ResourceDetailSchema,
  ResourcePageSchema,
  ResourceSummarySchema,
} from '@kit/contract';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { downloadFileName } from '../../media/disposition.ts';
import { sendMedia } from '../../media/serve.ts';
import { CategoryTree } from '../categories/categories.service.ts';
import { findResources } from '../search/search.service.ts';
import {
  findResourceDetail,
  findResourceMedia,
  randomPublishedId,
  recordDownload,
} from './resources.repo.ts';
import { downloadAsked } from '../settings/download-rule.ts';
import { resourceDetail } from './resource-detail.ts';
import { canSee, loadSummaries } from './resources.service.ts';

const MediaQuerySchema = Type.Object({
  /** 1: an attachment with a Spanish file name, counted as a download */
  download: Type.Optional(Type.String({ pattern: '^(1|0|true|false)?$' })),
});

/**
 * Resources, read side (SPEC §7 "Resources and search", "Lists"): the
 * resource page, the random pick, the paged library, and a resource's file.
 */
export const resourcesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/resource/:id',
    { schema: { params: IdParamsSchema, response: { 200: ResourceDetailSchema, '4xx': ErrorBodySchema } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const row = findResourceDetail(app.db, request.params.id);
      if (!row || !canSee(row, viewer)) throw new AppError('RESOURCE_NOT_FOUND');
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
      const media = findResourceMedia(app.db, request.params.id);
      if (!media || !canSee(media, request.viewer)) throw new AppError('MEDIA_NOT_FOUND');
      const download = downloadAsked(app.db, request.viewer, request.query.download);
      return sendMedia(request, reply, media, {
        cacheControl: media.status === 'published' ? 'public, no-cache' : 'private, no-cache',
        fileName: downloadFileName(media.title, media.ext),
        download,
        ...(download
          ? {
              onDownload: () => {
                if (app.counters.take(request, reply, 'download', 'resource-download', media.id)) recordDownload(app.db, media.id);
              },
            }
          : {}),
      });
    },
  });

  app.get(
    '/contents/random',
    { schema: { querystring: QueryRandomSchema, response: { 200: ResourceSummarySchema, '4xx': ErrorBodySchema } } },
    async (request) => {
      const tree = CategoryTree.load(app.db, request.viewer);
      const id = randomPublishedId(app.db, { typeCode: request.query.type ? request.query.type : null, excludeCategoryIds: tree.hiddenIds() });
      const [summary] = id === null ? [] : loadSummaries(app.db, [id], tree);
      if (!summary) throw new AppError('LIBRARY_EMPTY');
      return summary;
    },
  );

  app.get(
    '/content/all',
    { schema: { querystring: QueryContentAllSchema, response: { 200: ResourcePageSchema, '4xx': ErrorBodySchema } } },
    async (request) => {
      const q = request.query;
      const { capped: _capped, ...page } = findResources(app.db, request.viewer, {
        page: q.page ?? 1,
        perPage: q.per_page ?? DEFAULT_PER_PAGE,
        type: q.type,
        categories: q.category === undefined ? undefined : [q.category],
      });
      return page;
    },
  );
};
