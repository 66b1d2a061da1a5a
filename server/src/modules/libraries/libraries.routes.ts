import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParamsSchema, LibrarySchema } from '@kit/contract';
import { AppError } from '../../errors.ts';
import { visibleResource } from '../../catalog/resource-lookup.ts';
import { libraryIndexState } from '../search/library-index-state.ts';
import { libraryOf, toWireLibrary } from './libraries.service.ts';

/** Offline libraries (docs/API-contributions.md#bibliotecas-zim): what a «Biblioteca» resource's ZIM says, and its check. */
export const librariesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.get('/v2/libraries/:id', { schema: { params: IdParamsSchema, response: { 200: LibrarySchema, ...ErrorResponses } } }, async (request, reply) => {
    visibleResource(db, request.params.id, request.viewer);
    const row = libraryOf(db, request.params.id);
    if (!row) throw new AppError('NOT_FOUND');
    // The check's and the index's progress move: never cached.
    void reply.header('Cache-Control', 'no-store');
    return toWireLibrary(row, request.viewer, libraryIndexState(db, row));
  });
};
