import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, IdParamsSchema, ManagedResourceSchema, ResourceRenditionsSchema } from '@kit/contract';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { managedResource } from '../moderation/managed.ts';
import { findResourceDetail } from '../resources/resources.repo.ts';
import { canSee, ownerOrAdmin } from '../resources/resources.service.ts';
import { renditionsOf } from './renditions.service.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

/**
 * A resource's phone copies (docs/API-library.md "Phone copies"): what its
 * page polls while they are prepared (no view is counted), and an admin's
 * retry of a job that failed.
 */
export const renditionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/resource/:id/renditions',
    { schema: { params: IdParamsSchema, response: { 200: ResourceRenditionsSchema, ...errors } } },
    async (request) => {
      const row = findResourceDetail(app.db, request.params.id);
      if (!row || !canSee(row, request.viewer)) throw new AppError('RESOURCE_NOT_FOUND');
      return renditionsOf(app.db, row, ownerOrAdmin(row, request.viewer));
    },
  );

  app.post(
    '/v2/admin/resources/:id/renditions/retry',
    { preHandler: requireAdmin, schema: { params: IdParamsSchema, response: { 200: ManagedResourceSchema, ...errors } } },
    async (request) => {
      const id = request.params.id;
      const row = findResourceDetail(app.db, id);
      if (!row) throw new AppError('RESOURCE_NOT_FOUND');
      if (row.media_sha256 === null || !app.renditions.retry(row.media_sha256)) throw new AppError('RENDITION_NOT_FAILED');
      request.log.info({ resourceId: id, sha256: row.media_sha256, by: request.viewer?.id }, 'copia para teléfonos reintentada');
      return managedResource(app.db, app.config.dataDir, request.viewer, id);
    },
  );
};
