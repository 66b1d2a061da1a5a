import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, IdParamsSchema, PlaylistSchema } from '@kit/contract';
import { AppError } from '../../errors.ts';
import { CategoryTree } from '../categories/categories.service.ts';
import { readPlaylist } from './lists.service.ts';

/** Lists, read side (SPEC §7 "Lists"): GET /api/playlist/{id}. Editing lists belongs to the contributions feature. */
export const listsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/playlist/:id',
    { schema: { params: IdParamsSchema, response: { 200: PlaylistSchema, '4xx': ErrorBodySchema } } },
    async (request) => {
      const playlist = readPlaylist(app.db, request.params.id, request.viewer, CategoryTree.load(app.db, request.viewer));
      if (!playlist) throw new AppError('PLAYLIST_NOT_FOUND');
      return playlist;
    },
  );
};
