import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConstantListSchema,
  CreateUserSchema,
  ErrorResponses,
  IdParamsSchema,
  INSTRUCTION_LEVELS,
  LoginResponseSchema,
  OCCUPATIONS,
  PersonalDetailsSchema,
  ProfileViewsSchema,
  QueryUsersSchema,
  UpdateUserSchema,
  UserIdParamsSchema,
  UserImageSchema,
  UserPageSchema,
  UserSchema,
} from '@kit/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { isDiskFullError } from '../../disk-space.ts';
import { AppError } from '../../errors.ts';
import { mediaPath } from '../../media/store.ts';
import { fileAnswerHeaders, servedType } from '../../media/serve.ts';
import { FILE_ROUTE, readSmallFile } from '../../media/upload.ts';
import { requireUser } from '../../access/guards.ts';
import { sessionForNewAccount } from '../auth/auth.service.ts';
import { saveProfileImage } from './profile-image.ts';
import { usersAdminRoutes } from './users.admin.routes.ts';
import { PROFILE_IMAGE_MAX_BYTES } from './users.constants.ts';
import { isPrivileged, viewerOf } from '../../access/privilege.ts';
import { assertSelfOrAdmin, countProfileView, getUserOr404, registerUser, savePersonalDetails, toWireUser, updateUserProfile, userSearchPage } from './users.service.ts';

/**
 * Accounts (docs/API-accounts.md "Endpoints"): registration, profiles, pictures,
 * user search, the constants lists; the admin endpoints in users.admin.routes.ts.
 * Password change and logins live in modules/auth.
 */
export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Encapsulated: multipart bodies are parsed only by this feature's routes, with its limits.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 4, parts: 5, fieldSize: 1024, fileSize: PROFILE_IMAGE_MAX_BYTES + 1 } });
  }

  // ---- constants for the forms and the /user/constants/* pages ----
  const constantsSchema = { response: { 200: ConstantListSchema } };
  app.get('/v2/constants/education', { schema: constantsSchema }, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=86400');
    return { data: [...INSTRUCTION_LEVELS] };
  });
  app.get('/v2/constants/occupation', { schema: constantsSchema }, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=86400');
    return { data: [...OCCUPATIONS] };
  });

  // ---- registration: logs the new user in, like /auth ----
  app.post('/user/create', { schema: { body: CreateUserSchema, response: { 201: LoginResponseSchema, ...ErrorResponses } } }, async (request, reply) => {
    const id = await registerUser(app.db, request.body);
    request.log.info({ userId: id }, 'user registered');
    return reply.code(201).send(sessionForNewAccount(app, reply, id));
  });

  // ---- profiles ----
  const readUser = async (request: FastifyRequest<{ Params: { id: number } }>) => toWireUser(getUserOr404(app.db, request.params.id), request.viewer);
  const readSchema = { params: IdParamsSchema, response: { 200: UserSchema, ...ErrorResponses } };
  app.get('/users/:id', { schema: readSchema }, readUser);
  app.get('/user/:id', { schema: readSchema }, readUser);

  app.post('/user/update', { preHandler: requireUser, schema: { body: UpdateUserSchema, response: { 200: UserSchema, ...ErrorResponses } } }, async (request) => {
    const viewer = viewerOf(request);
    const targetId = request.body.id ?? viewer.id;
    assertSelfOrAdmin(viewer, targetId);
    return toWireUser(updateUserProfile(app.db, targetId, request.body), viewer);
  });

  app.put(
    '/v2/users/:userId/profile',
    { preHandler: requireUser, schema: { params: UserIdParamsSchema, body: UpdateUserSchema, response: { 200: UserSchema, ...ErrorResponses } } },
    async (request) => {
      const viewer = viewerOf(request);
      assertSelfOrAdmin(viewer, request.params.userId);
      const { id: _ignored, ...changes } = request.body;
      return toWireUser(updateUserProfile(app.db, request.params.userId, changes), viewer);
    },
  );

  app.post('/v3/personalDetails', { preHandler: requireUser, schema: { body: PersonalDetailsSchema, response: { 200: UserSchema, ...ErrorResponses } } }, async (request) => {
    const viewer = viewerOf(request);
    return toWireUser(savePersonalDetails(app.db, viewer.id, request.body), viewer);
  });

  // Anyone may count a profile view, once a day; the owner looking at their own profile does not count.
  app.post('/v2/tracking/user/:id/views', { schema: { params: IdParamsSchema, response: { 200: ProfileViewsSchema, ...ErrorResponses } } }, async (request, reply) => {
    const user = getUserOr404(app.db, request.params.id);
    const counts = request.viewer?.id !== user.id && app.counters.take(request, reply, 'view', 'profile-view', user.id);
    const views = counts ? countProfileView(app.db, user) : user.profile_views;
    return { ok: true as const, profile_views: views };
  });

  // ---- profile picture ----
  app.post(
    '/v2/users/:userId/profile/image',
    { preHandler: requireUser, config: FILE_ROUTE, schema: { params: UserIdParamsSchema, response: { 200: UserImageSchema, ...ErrorResponses } } },
    async (request) => {
      const viewer = viewerOf(request);
      assertSelfOrAdmin(viewer, request.params.userId);
      getUserOr404(app.db, request.params.userId);
      const upload = await readSmallFile(request, PROFILE_IMAGE_MAX_BYTES, () => new AppError('IMAGE_TOO_LARGE', { field: 'file', maxBytes: PROFILE_IMAGE_MAX_BYTES }));
      try {
        const image = await saveProfileImage(app.db, app.config.dataDir, request.params.userId, upload);
        request.log.info({ userId: request.params.userId, sha256: image.sha256 }, 'profile image saved');
        return image;
      } catch (error) {
        if (error instanceof AppError || isDiskFullError(error)) throw error;
        request.log.error({ err: error }, 'profile image not stored');
        throw new AppError('PROFILE_IMAGE_FAILED');
      }
    },
  );

  // The stored picture; withheld for blocked users (clients fall back to the initial letter).
  app.get(
    '/v2/users/:userId/image',
    { schema: { params: UserIdParamsSchema, querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }) } },
    async (request, reply) => {
      const user = getUserOr404(app.db, request.params.userId);
      if (!user.image_sha256 || !user.image_ext || user.blocked) throw new AppError('NOT_FOUND');
      const etag = `"${user.image_sha256}"`;
      const current = request.query.v !== undefined && user.image_sha256.startsWith(request.query.v) && request.query.v.length >= 8;
      void fileAnswerHeaders(reply)
        .header('ETag', etag)
        .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const file = mediaPath(app.config.dataDir, user.image_sha256, user.image_ext);
      if (!fs.existsSync(file)) throw new AppError('NOT_FOUND');
      // Only a picture is shown; anything else (a row typed by a claim) is no picture at all.
      const served = servedType(user.image_mime ?? '');
      if (!served.inline) throw new AppError('NOT_FOUND');
      return reply.type(served.contentType).send(fs.createReadStream(file));
    },
  );

  // ---- search ----
  app.get('/v2/search/users', { schema: { querystring: QueryUsersSchema, response: { 200: UserPageSchema, ...ErrorResponses } } }, async (request) => {
    return userSearchPage(app.db, request.query, request.viewer, isPrivileged(request.viewer));
  });

  await app.register(usersAdminRoutes);
};
