import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema } from '@kit/contract';
import { Type } from 'typebox';
import { AppError } from '../errors.ts';
import { recordDownload } from '../modules/resources/resources.repo.ts';
import { canSee } from '../modules/resources/resources.service.ts';
import { isPrivileged } from '../modules/categories/categories.service.ts';
import { downloadAsked } from '../modules/settings/download-rule.ts';
import { downloadFileName } from './disposition.ts';
import { findMedia, isMediaOwnedBy, isMediaPublic, resourcesUsingMedia } from './media-access.repo.ts';
import { IMMUTABLE_PRIVATE, IMMUTABLE_PUBLIC, sendMedia, servedType } from './serve.ts';

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
      const [sha256 = '', ext = ''] = request.params.file.split('.');
      const media = findMedia(app.db, sha256);
      if (!media || media.ext !== ext) throw new AppError('MEDIA_NOT_FOUND');
      const viewer = request.viewer;
      const isPublic = isMediaPublic(app.db, sha256);
      if (!isPublic && !(viewer && (isPrivileged(viewer) || isMediaOwnedBy(app.db, sha256, viewer.id)))) {
        throw new AppError('MEDIA_NOT_FOUND');
      }
      const download = downloadAsked(app.db, viewer, request.query.download);
      // Named after a resource only when it leaves as an attachment.
      const resource = download || !servedType(media.mime).inline ? resourcesUsingMedia(app.db, sha256).find((r) => canSee(r, viewer)) : undefined;
      return sendMedia(request, reply, media, {
        // A download must reach the server to be counted; plain reads are cached for good.
        cacheControl: download ? 'private, no-cache' : isPublic ? IMMUTABLE_PUBLIC : IMMUTABLE_PRIVATE,
        fileName: downloadFileName(resource?.title ?? `archivo-${sha256.slice(0, 12)}`, ext),
        download,
        ...(download && resource
          ? {
              onDownload: () => {
                if (app.counters.take(request, reply, 'download', 'resource-download', resource.id)) recordDownload(app.db, resource.id);
              },
            }
          : {}),
      });
    },
  });
};
