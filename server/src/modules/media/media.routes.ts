import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema } from '@kit/contract';
import { Type } from 'typebox';
import { downloadAsked } from '../../access/download-rule.ts';
import { downloadFileName } from '../../media/disposition.ts';
import { IMMUTABLE_PRIVATE, IMMUTABLE_PUBLIC, sendMedia, servedType } from '../../media/serve.ts';
import { countDownload } from '../resources/resources.service.ts';
import { readableMedia, resourceOfMedia } from './media.service.ts';

const MediaParamsSchema = Type.Object({
  /** <sha256>.<ext>, checked before anything touches the disk */
  file: Type.String({ pattern: '^[0-9a-f]{64}\\.[a-z0-9]{1,8}$' }),
});
const MediaQuerySchema = Type.Object({
  download: Type.Optional(Type.String({ pattern: '^(1|0|true|false)?$' })),
});

/**
 * GET /api/media/<sha256>.<ext>: the content-addressed store over HTTP, with
 * ranges for seeking. The address names the bytes, so it is cached for good.
 * A file is served when something public uses it (published resource, cover,
 * profile picture, banner, ad); otherwise only to whoever owns a resource
 * using it, and to admins. Everyone else gets the same 404 as for bytes that
 * were never stored. ?download=1 names the file after the (first visible)
 * resource using it and counts that resource's download.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/:file',
    schema: { params: MediaParamsSchema, querystring: MediaQuerySchema, response: { '4xx': ErrorBodySchema } },
    handler: async (request, reply) => {
      const viewer = request.viewer;
      const { media, isPublic } = readableMedia(app.db, request.params.file, viewer);
      const download = downloadAsked(app.db, viewer, request.query.download);
      // Named after a resource only when it leaves as an attachment.
      const resource = download || !servedType(media.mime).inline ? resourceOfMedia(app.db, media.sha256, viewer) : undefined;
      return sendMedia(request, reply, media, {
        // A download must reach the server to be counted; plain reads are cached for good.
        cacheControl: download ? 'private, no-cache' : isPublic ? IMMUTABLE_PUBLIC : IMMUTABLE_PRIVATE,
        fileName: downloadFileName(resource?.title ?? `archivo-${media.sha256.slice(0, 12)}`, media.ext),
        download,
        ...(download && resource
          ? {
              onDownload: () => {
                if (app.counters.take(request, reply, 'download', 'resource-download', resource.id)) countDownload(app.db, resource.id);
              },
            }
          : {}),
      });
    },
  });
};
