import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AD_IMAGE_MAX_BYTES,
  AdPageSchema,
  AdSchema,
  CreateAdSchema,
  ErrorResponses,
  IdParamsSchema,
  ModerateAdSchema,
  QueryAdminAdsSchema,
  QueryAdsSchema,
} from '@kit/contract';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { allowMultipart, FILE_ROUTE, receivePicture } from '../../media/upload.ts';
import { requireAdmin, requireUser } from '../../access/guards.ts';
import { isPrivileged, viewerOf } from '../../access/privilege.ts';
import { adsForModeration, attachAdImage, getManageableAd, getVisibleAd, listBoard, moderateAd, myAds, postAd, toWireAd, withdrawAd } from './ads.service.ts';

const PageQuerySchema = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })) });

/**
 * The ads board: community notices posted by logged-in users, moderated by
 * admins (pending → published / rejected / blocked), listed and searched
 * while they last. Expiry needs no job: a notice whose time is up is simply
 * no longer listed.
 */
export const adsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await allowMultipart(app);

  app.get('/v2/ads', { schema: { querystring: QueryAdsSchema, response: { 200: AdPageSchema, ...ErrorResponses } } }, async (request) =>
    listBoard(app.db, request.query, request.viewer, new Date()),
  );

  app.get('/v2/ads/mine', { preHandler: requireUser, schema: { querystring: PageQuerySchema, response: { 200: AdPageSchema, ...ErrorResponses } } }, async (request) => {
    return myAds(app.db, viewerOf(request), request.query.page, new Date());
  });

  app.get('/v2/ads/:id', { schema: { params: IdParamsSchema, response: { 200: AdSchema, ...ErrorResponses } } }, async (request) => {
    const now = new Date();
    return toWireAd(getVisibleAd(app.db, request.params.id, request.viewer, now), request.viewer, now);
  });

  app.post('/v2/ads', { preHandler: requireUser, schema: { body: CreateAdSchema, response: { 201: AdSchema, ...ErrorResponses } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const now = new Date();
    const row = postAd(app.db, viewer, request.body, now);
    request.log.info({ adId: row.id, status: row.status }, 'ad posted');
    return reply.code(201).send(toWireAd(row, viewer, now));
  });

  // The picture: the author while the notice waits for moderation (so admins see what they approve), admins always.
  app.post('/v2/ads/:id/image', { preHandler: requireUser, config: FILE_ROUTE, schema: { params: IdParamsSchema, response: { 200: AdSchema, ...ErrorResponses } } }, async (request) => {
    const viewer = viewerOf(request);
    const row = getManageableAd(app.db, request.params.id, viewer);
    if (row.status !== 'pending' && !isPrivileged(viewer)) throw new AppError('AD_TRANSITION', { from: row.status, to: 'pending' });
    const image = await receivePicture(request, AD_IMAGE_MAX_BYTES);
    const updated = attachAdImage(app.db, row, image.sha256);
    request.log.info({ adId: row.id, sha256: image.sha256 }, 'ad image stored');
    return toWireAd(updated, viewer, new Date());
  });

  app.delete('/v2/ads/:id', { preHandler: requireUser, schema: { params: IdParamsSchema, response: { 204: Type.Null(), ...ErrorResponses } } }, async (request, reply) => {
    const row = withdrawAd(app.db, request.params.id, viewerOf(request));
    request.log.info({ adId: row.id }, 'ad withdrawn');
    return reply.code(204).send(null);
  });

  // ---- moderation ----
  app.get('/v2/admin/ads', { preHandler: requireAdmin, schema: { querystring: QueryAdminAdsSchema, response: { 200: AdPageSchema, ...ErrorResponses } } }, async (request) => {
    return adsForModeration(app.db, request.viewer, request.query, new Date());
  });

  app.put(
    '/v2/admin/ads/:id/status',
    { preHandler: requireAdmin, schema: { params: IdParamsSchema, body: ModerateAdSchema, response: { 200: AdSchema, ...ErrorResponses } } },
    async (request) => {
      const viewer = viewerOf(request);
      const row = moderateAd(app.db, viewer, request.params.id, request.body);
      request.log.info({ adId: row.id, status: row.status }, 'ad moderated');
      return toWireAd(row, viewer, new Date());
    },
  );
};
