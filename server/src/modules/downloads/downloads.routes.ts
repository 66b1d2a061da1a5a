import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AppPackageInfoSchema,
  ErrorBodySchema,
  ErrorResponses,
  IdParamsSchema,
  PACKAGE_MAX_BYTES,
  PackageListSchema,
  PackageSchema,
  UploadBrowserQuerySchema,
  UploadPackageQuerySchema,
} from '@kit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { sendMedia } from '../../media/serve.ts';
import { allowMultipart, FILE_ROUTE, receiveUpload } from '../../media/upload.ts';
import { requireAdmin } from '../../access/guards.ts';
import {
  acceptPackage,
  appPackageFileUrl,
  browserFileUrl,
  browserPackage,
  browserPackages,
  countDownloadOf,
  currentAppPackage,
  DEFAULT_APP_NAME,
  offerAppPackage,
  recordPackage,
  removeBrowserPackage,
  toWirePackage,
  withdrawAppPackage,
  type DbPackage,
  type PackageKind,
} from './downloads.service.ts';

/**
 * The download pages' files (docs/PRODUCT.md#pages): the group's mobile app
 * (/extra/download) and browsers for old phones (/extra/download-browser).
 * Admins upload them; anyone downloads them, each download counted.
 */
export const downloadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await allowMultipart(app);

  /** A package as an attachment (ranges, so a cut download resumes); a download counts once its first byte goes out, once per person a day. */
  const sendPackage = (request: FastifyRequest, reply: FastifyReply, row: DbPackage) =>
    sendMedia(
      request,
      reply,
      { sha256: row.media_sha256, ext: row.ext, mime: row.mime },
      {
        cacheControl: 'private, no-cache',
        fileName: row.file_name,
        download: true,
        onDownload: () => {
          if (app.counters.take(request, reply, 'download', 'package-download', row.id)) countDownloadOf(app.db, row.id);
        },
      },
    );

  async function storePackage(request: FastifyRequest, kind: PackageKind, meta: { name: string; version?: string; notes?: string }): Promise<DbPackage> {
    const file = await receiveUpload(request, { maxBytes: PACKAGE_MAX_BYTES, accept: acceptPackage(kind === 'browser'), refusal: 'PACKAGE_NOT_ALLOWED' });
    const row = recordPackage(app.db, kind, meta, { sha256: file.sha256, ext: file.type.ext });
    request.log.info({ kind, packageId: row.id, sha256: file.sha256, size: file.size }, 'package uploaded');
    return row;
  }

  // ---- the group's mobile app ----
  app.get('/v2/extra/app-package', { schema: { response: { 200: AppPackageInfoSchema, ...ErrorResponses } } }, async () => {
    const row = currentAppPackage(app.db);
    return { package: row ? toWirePackage(row, appPackageFileUrl) : null };
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/v2/extra/app-package/file',
    schema: { response: { '4xx': ErrorBodySchema } },
    handler: async (request, reply) => {
      const row = currentAppPackage(app.db);
      if (!row) throw new AppError('PACKAGE_NOT_FOUND');
      return sendPackage(request, reply, row);
    },
  });

  app.post(
    '/v2/admin/extra/app-package',
    { onRequest: requireAdmin, config: FILE_ROUTE, schema: { querystring: UploadPackageQuerySchema, response: { 201: PackageSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const row = await storePackage(request, 'app', { ...request.query, name: request.query.name ?? DEFAULT_APP_NAME });
      offerAppPackage(app.db, row);
      return reply.code(201).send(toWirePackage(row, appPackageFileUrl));
    },
  );

  app.delete('/v2/admin/extra/app-package', { onRequest: requireAdmin, schema: { response: { 204: Type.Null(), ...ErrorResponses } } }, async (request, reply) => {
    const row = withdrawAppPackage(app.db);
    request.log.info({ packageId: row.id }, 'app package removed');
    return reply.code(204).send(null);
  });

  // ---- browsers for old phones ----
  app.get('/v2/extra/browsers', { schema: { response: { 200: PackageListSchema, ...ErrorResponses } } }, async () => ({
    data: browserPackages(app.db),
  }));

  app.route({
    method: ['GET', 'HEAD'],
    url: '/v2/extra/browsers/:id/file',
    schema: { params: IdParamsSchema, response: { '4xx': ErrorBodySchema } },
    handler: async (request, reply) => {
      return sendPackage(request, reply, browserPackage(app.db, request.params.id));
    },
  });

  app.post(
    '/v2/admin/extra/browsers',
    { onRequest: requireAdmin, config: FILE_ROUTE, schema: { querystring: UploadBrowserQuerySchema, response: { 201: PackageSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const row = await storePackage(request, 'browser', request.query);
      return reply.code(201).send(toWirePackage(row, browserFileUrl(row.id)));
    },
  );

  app.delete(
    '/v2/admin/extra/browsers/:id',
    { onRequest: requireAdmin, schema: { params: IdParamsSchema, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      removeBrowserPackage(app.db, request.params.id);
      request.log.info({ packageId: request.params.id }, 'browser package removed');
      return reply.code(204).send(null);
    },
  );
};
