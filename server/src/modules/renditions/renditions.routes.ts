import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParamsSchema, ManagedResourceSchema, ResourceRenditionsSchema } from '@kit/contract';
import { requireAdmin } from '../../access/guards.ts';
import { managedResource } from '../uploads/managed.ts';
import { retryRenditions, visibleRenditions } from './renditions.service.ts';

/**
 * A resource's phone copies (docs/API-library.md "Phone copies"): what its
 * page polls while they are prepared (no view is counted), and an admin's
 * retry of a job that failed.
 */
export const renditionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/resource/:id/renditions',
    { schema: { params: IdParamsSchema, response: { 200: ResourceRenditionsSchema, ...ErrorResponses } } },
    async (request) => visibleRenditions(app.db, request.params.id, request.viewer),
  );

  app.post(
    '/v2/admin/resources/:id/renditions/retry',
    { preHandler: requireAdmin, schema: { params: IdParamsSchema, response: { 200: ManagedResourceSchema, ...ErrorResponses } } },
    async (request) => {
      const id = request.params.id;
      const sha256 = retryRenditions(app.db, app.renditions, id);
      request.log.info({ resourceId: id, sha256, by: request.viewer?.id }, 'copia para teléfonos reintentada');
      return managedResource(app.db, app.config.dataDir, request.viewer, id);
    },
  );
};
