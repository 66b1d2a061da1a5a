import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddPlaylistItemSchema,
  ErrorBodySchema,
  ErrorResponses,
  IdempotencyHeadersSchema,
  IdParamsSchema,
  OkSchema,
  PlaylistCardListSchema,
  PlaylistItemParamsSchema,
  PlaylistNameSchema,
  PlaylistSchema,
  QueryUserPlaylistsSchema,
} from '@kit/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../access/guards.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { idempotent } from '../idempotency/idempotency.service.ts';
import { getUserOr404 } from '../users/users.service.ts';
import { viewerOf } from '../../access/privilege.ts';
import { addToPlaylist, createPlaylist, deleteOwnPlaylist, readPlaylist, removeFromPlaylist, renameOwnPlaylist, userPlaylistCards } from './lists.service.ts';

/**
 * Lists (docs/API-contributions.md "Lists"): GET /api/playlist/{id} and DELETE
 * /api/playlist/{id}/{resourceId} as the product names them; creating, renaming,
 * deleting and adding under /api/v2/playlists; a user's lists for the profile.
 */
export const listsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const read = (request: FastifyRequest, id: number) => {
    const playlist = readPlaylist(db, id, request.viewer, CategoryTree.load(db, request.viewer));
    if (!playlist) throw new AppError('PLAYLIST_NOT_FOUND');
    return playlist;
  };

  app.get('/playlist/:id', { schema: { params: IdParamsSchema, response: { 200: PlaylistSchema, '4xx': ErrorBodySchema } } }, async (request) =>
    read(request, request.params.id),
  );

  app.get(
    '/v2/user/:id/playlists',
    { schema: { params: IdParamsSchema, querystring: QueryUserPlaylistsSchema, response: { 200: PlaylistCardListSchema, ...ErrorResponses } } },
    async (request) => {
      const user = getUserOr404(db, request.params.id);
      return { data: userPlaylistCards(db, user.id, request.viewer, request.query.resource ?? null) };
    },
  );

  app.post(
    '/v2/playlists',
    { preHandler: requireUser, schema: { headers: IdempotencyHeadersSchema, body: PlaylistNameSchema, response: { 201: PlaylistSchema, ...ErrorResponses } } },
    async (request, reply) =>
      idempotent(request, reply, 201, () => {
        const id = createPlaylist(db, viewerOf(request), request.body.name);
        request.log.info({ playlistId: id }, 'playlist created');
        return read(request, id);
      }),
  );

  app.put(
    '/v2/playlists/:id',
    { preHandler: requireUser, schema: { params: IdParamsSchema, headers: IdempotencyHeadersSchema, body: PlaylistNameSchema, response: { 200: PlaylistSchema, ...ErrorResponses } } },
    async (request, reply) =>
      idempotent(request, reply, 200, () => {
        renameOwnPlaylist(db, viewerOf(request), request.params.id, request.body.name);
        return read(request, request.params.id);
      }),
  );

  app.delete(
    '/v2/playlists/:id',
    { preHandler: requireUser, schema: { params: IdParamsSchema, headers: IdempotencyHeadersSchema, response: { 200: OkSchema, ...ErrorResponses } } },
    async (request, reply) =>
      idempotent(request, reply, 200, () => {
        deleteOwnPlaylist(db, viewerOf(request), request.params.id);
        request.log.info({ playlistId: request.params.id }, 'playlist deleted');
        return { ok: true as const };
      }),
  );

  app.post(
    '/v2/playlists/:id/items',
    { preHandler: requireUser, schema: { params: IdParamsSchema, headers: IdempotencyHeadersSchema, body: AddPlaylistItemSchema, response: { 200: PlaylistSchema, ...ErrorResponses } } },
    async (request, reply) =>
      idempotent(request, reply, 200, () => {
        addToPlaylist(db, viewerOf(request), request.params.id, request.body.resource_id);
        return read(request, request.params.id);
      }),
  );

  app.delete(
    '/playlist/:id/:resourceId',
    { preHandler: requireUser, schema: { params: PlaylistItemParamsSchema, headers: IdempotencyHeadersSchema, response: { 200: PlaylistSchema, ...ErrorResponses } } },
    async (request, reply) =>
      idempotent(request, reply, 200, () => {
        removeFromPlaylist(db, viewerOf(request), request.params.id, request.params.resourceId);
        return read(request, request.params.id);
      }),
  );
};
