import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COVER_MAX_BYTES,
  CoverSchema,
  CreateResourceSchema,
  CreateUploadSchema,
  ErrorResponses,
  IdParamsSchema,
  LICENSES,
  ManagedPageSchema,
  ManagedResourceSchema,
  OkSchema,
  QueryMineSchema,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_STALE_HOURS,
  UPLOAD_TYPE_CODES,
  UpdateResourceSchema,
  UploadConfigSchema,
  UploadIdParamsSchema,
  UploadProgressSchema,
  UploadQuotaSchema,
  UploadSchema,
} from '@kit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { mayBringType } from '../libraries/libraries.service.ts';
import { FILE_ROUTE, readFilePart, readSmallFile } from '../../media/upload.ts';
import { pageRequest } from '../../paging.ts';
import { requireUser } from '../../access/guards.ts';
import { managedPage, managedResource, ownListFilter } from './managed.ts';
import { assertAllowed } from '../../access/resource-actions.ts';
import { getModerated } from '../../catalog/resource-lookup.ts';
import { readSettings } from '../../kit-settings/kit-settings.repo.ts';
import { viewerOf } from '../../access/privilege.ts';
import { removeCustomCover, setCustomCover } from './covers.service.ts';
import { createDraft, deleteDraft, updateDraft } from './drafts.service.ts';
import { toWireUpload, UploadManager } from './uploads.service.ts';

const UploadHeadersSchema = Type.Object({
  /** the byte where this PATCH's body starts: the server's offset */
  'upload-offset': Type.String({ pattern: '^[0-9]{1,15}$' }),
});
/** tus' name for a body of raw file bytes */
export const OFFSET_OCTET_STREAM = 'application/offset+octet-stream';

type UploadsApp = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * Contributions, upload side (docs/API-contributions.md): drafts (create, edit, delete, the
 * owner's list), the resource's file (resumable under /api/uploads, or one
 * multipart POST), and covers. Status changes live in modules/moderation.
 */
export const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const { dataDir, maxUploadBytes, diskReserveBytes } = app.config;
  const uploads = new UploadManager(db, dataDir, maxUploadBytes, diskReserveBytes, (sha256) => app.renditions.prepare(sha256), (resourceId, sha256) =>
    app.libraryChecks.start(resourceId, sha256),
  );

  // Encapsulated: only this feature parses multipart with these limits (the
  // library file may be large; multipart's own default is 1 MiB).
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 2, parts: 3, fieldSize: 1024, fileSize: maxUploadBytes + 1 } });
  // Raw bytes of a resumable upload are streamed by the handler, never parsed or buffered.
  app.addContentTypeParser(OFFSET_OCTET_STREAM, (_request, _payload, done) => done(null));

  // Stale uploads go at start and every hour; fresh ones survive a restart.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const removed = uploads.sweep();
    if (removed > 0) app.log.info({ removed }, 'stale uploads removed');
    timer = setInterval(() => uploads.sweep(), 3600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  configRoutes(app, uploads);
  draftRoutes(app, uploads);
  resumableRoutes(app, uploads);
};

/** What a sender needs to know first: sizes, types, licences, moderation, and their own room. */
function configRoutes(app: UploadsApp, uploads: UploadManager): void {
  const { db } = app;
  const { maxUploadBytes } = app.config;
  app.get('/v2/uploads/config', { schema: { response: { 200: UploadConfigSchema } } }, async (request, reply) => {
    // The types offered depend on who asks (a library only to admins): never shared from a cache.
    void reply.header('Cache-Control', 'private, no-store');
    return {
      maxBytes: maxUploadBytes,
      chunkSize: UPLOAD_CHUNK_BYTES,
      coverMaxBytes: COVER_MAX_BYTES,
      staleHours: UPLOAD_STALE_HOURS,
      licenses: [...LICENSES],
      types: UPLOAD_TYPE_CODES.filter((code) => mayBringType(request.viewer, code)),
      moderation: readSettings(db).resourceModeration,
    };
  });

  app.get('/v2/uploads/quota', { preHandler: requireUser, schema: { response: { 200: UploadQuotaSchema, ...ErrorResponses } } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return uploads.quotas.status(viewerOf(request));
  });
}

/** Drafts: their details, the file in one request, their covers. */
function draftRoutes(app: UploadsApp, uploads: UploadManager): void {
  const { db } = app;
  const { dataDir, maxUploadBytes } = app.config;
  app.post('/v2/resources', { preHandler: requireUser, schema: { body: CreateResourceSchema, response: { 201: ManagedResourceSchema, ...ErrorResponses } } }, async (request, reply) => {
    const id = createDraft(db, viewerOf(request), request.body);
    request.log.info({ resourceId: id }, 'draft created');
    return reply.code(201).send(managed(app, request, id));
  });

  app.get('/v2/resources/mine', { preHandler: requireUser, schema: { querystring: QueryMineSchema, response: { 200: ManagedPageSchema, ...ErrorResponses } } }, async (request) => {
    const viewer = viewerOf(request);
    return managedPage(db, dataDir, viewer, ownListFilter(viewer, request.query.status), pageRequest(request.query));
  });

  app.get('/v2/resources/:id', { preHandler: requireUser, schema: { params: IdParamsSchema, response: { 200: ManagedResourceSchema, ...ErrorResponses } } }, async (request) =>
    managed(app, request, request.params.id),
  );

  app.patch(
    '/v2/resources/:id',
    { preHandler: requireUser, schema: { params: IdParamsSchema, body: UpdateResourceSchema, response: { 200: ManagedResourceSchema, ...ErrorResponses } } },
    async (request) => {
      updateDraft(db, viewerOf(request), request.params.id, request.body);
      return managed(app, request, request.params.id);
    },
  );

  app.delete('/v2/resources/:id', { preHandler: requireUser, schema: { params: IdParamsSchema, response: { 200: OkSchema, ...ErrorResponses } } }, async (request) => {
    await deleteDraft(db, dataDir, viewerOf(request), request.params.id);
    // Its unfinished uploads went with the row; their bytes go now.
    uploads.sweep();
    request.log.info({ resourceId: request.params.id }, 'draft deleted');
    return { ok: true as const };
  });

  // ---- the file in one request (small files, or clients without the resumable protocol) ----
  app.post(
    '/v2/resources/:id/file',
    { preHandler: requireUser, config: FILE_ROUTE, schema: { params: IdParamsSchema, response: { 200: ManagedResourceSchema, ...ErrorResponses } } },
    async (request) => {
      const viewer = viewerOf(request);
      assertAllowed('edit', getModerated(db, request.params.id, viewer), viewer);
      // The user's storage: refused before a byte is read when nothing (or less than the request) fits.
      const length = request.headers['content-length'];
      const quota = uploads.quotas.reserve(viewer, request.params.id, length === undefined ? undefined : Number(length));
      try {
        await readFilePart(request, maxUploadBytes + 1, (file, fileName) => uploads.direct(viewer, request.params.id, file, fileName, quota.limit));
      } finally {
        quota.release();
      }
      request.log.info({ resourceId: request.params.id }, 'file attached');
      return managed(app, request, request.params.id);
    },
  );

  // ---- covers (docs/API-contributions.md: POST /v2/resources/{id}/cover, multipart field `file`) ----
  app.post('/v2/resources/:id/cover', { preHandler: requireUser, config: FILE_ROUTE, schema: { params: IdParamsSchema, response: { 200: CoverSchema, ...ErrorResponses } } }, async (request) => {
    // Refused before a byte of the picture is read.
    assertAllowed('edit', getModerated(db, request.params.id, request.viewer), request.viewer);
    const bytes = await readSmallFile(request, COVER_MAX_BYTES, () => new AppError('COVER_TOO_LARGE', { field: 'file', maxBytes: COVER_MAX_BYTES }));
    const cover = await setCustomCover(db, dataDir, request.viewer, request.params.id, bytes);
    request.log.info({ resourceId: request.params.id, sha256: cover.sha256 }, 'cover set');
    return cover;
  });

  app.delete('/v2/resources/:id/cover', { preHandler: requireUser, schema: { params: IdParamsSchema, response: { 200: CoverSchema, ...ErrorResponses } } }, async (request) =>
    removeCustomCover(db, dataDir, request.viewer, request.params.id),
  );
}

/** Resumable uploads (docs/API-contributions.md): a large file in chunks that survive a lost connection. */
function resumableRoutes(app: UploadsApp, uploads: UploadManager): void {
  const { dataDir } = app.config;
  const withOffset = (reply: FastifyReply, offset: number, size: number) =>
    void reply.header('Upload-Offset', String(offset)).header('Upload-Length', String(size)).header('Cache-Control', 'no-store');

  app.post('/uploads', { preHandler: requireUser, schema: { body: CreateUploadSchema, response: { 200: UploadSchema, 201: UploadSchema, ...ErrorResponses } } }, async (request, reply) => {
    const { upload, created } = uploads.create(viewerOf(request), request.body);
    const wire = toWireUpload(dataDir, upload);
    withOffset(reply, wire.offset, wire.size);
    if (created) request.log.info({ uploadId: upload.id, resourceId: upload.resource_id, size: upload.size }, 'upload started');
    return reply.code(created ? 201 : 200).send(wire);
  });

  // GET answers the JSON; HEAD (made by Fastify from GET) the same headers without a body.
  app.get('/uploads/:id', { preHandler: requireUser, schema: { params: UploadIdParamsSchema, response: { 200: UploadSchema, ...ErrorResponses } } }, async (request, reply) => {
    const wire = toWireUpload(dataDir, uploads.own(viewerOf(request), request.params.id));
    withOffset(reply, wire.offset, wire.size);
    return wire;
  });

  app.patch(
    '/uploads/:id',
    {
      preHandler: requireUser,
      schema: { params: UploadIdParamsSchema, headers: UploadHeadersSchema, response: { 200: UploadProgressSchema, ...ErrorResponses } },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const length = request.headers['content-length'];
      try {
        const outcome = await uploads.append(viewer, request.params.id, Number(request.headers['upload-offset']), {
          source: request.raw,
          contentLength: length === undefined ? undefined : Number(length),
          // A newer PATCH of the same upload ends this one (see UploadManager).
          abort: () => request.raw.destroy(new Error('superseded by a newer request')),
          log: request.log,
        });
        withOffset(reply, outcome.offset, outcome.upload.size);
        return {
          id: outcome.upload.id,
          offset: outcome.offset,
          size: outcome.upload.size,
          complete: outcome.complete,
          resource: outcome.complete ? managed(app, request, outcome.upload.resource_id) : null,
        };
      } catch (error) {
        const offset = (error as AppError).data as { offset?: number } | null;
        if (error instanceof AppError && typeof offset?.offset === 'number') void reply.header('Upload-Offset', String(offset.offset));
        throw error;
      }
    },
  );

  app.delete('/uploads/:id', { preHandler: requireUser, schema: { params: UploadIdParamsSchema, response: { 200: OkSchema, ...ErrorResponses } } }, async (request) => {
    uploads.own(viewerOf(request), request.params.id);
    uploads.discard(request.params.id);
    request.log.info({ uploadId: request.params.id }, 'upload cancelled');
    return { ok: true as const };
  });
}

/** A resource as its owner or an admin manages it (the answer of every draft route). */
const managed = (app: UploadsApp, request: FastifyRequest, id: number) => managedResource(app.db, app.config.dataDir, request.viewer, id);
