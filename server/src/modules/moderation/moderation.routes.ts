import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminListParamsSchema,
  ErrorResponses,
  IdempotencyHeadersSchema,
  IdParamsSchema,
  ManagedPageSchema,
  ManagedResourceSchema,
  QueryAdminResourcesSchema,
  ReasonBodySchema,
  ReportSchema,
} from '@kit/contract';
import type { FastifyRequest } from 'fastify';
import { viewerOf } from '../../access/privilege.ts';
import { toWireReport } from '../../catalog/reports.ts';
import { pageRequest } from '../../paging.ts';
import { requireAdmin, requireUser } from '../../access/guards.ts';
import { idempotent } from '../idempotency/idempotency.service.ts';
import { managedPage, managedResource } from '../uploads/managed.ts';
import { adminListFilter, dismiss, reportResource, transition, type StatusAction } from './moderation.service.ts';

/**
 * Moderation (docs/API-contributions.md): status changes by owners and admins, reports, and the
 * admin resource lists. Every rule is in moderation.service.ts's TRANSITIONS;
 * admin paths also check requireAdmin (isAdmin and not denied) up front.
 */
export const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const { dataDir } = app.config;
  const managed = (request: FastifyRequest, id: number) => managedResource(db, dataDir, request.viewer, id);
  const change = { schema: { params: IdParamsSchema, body: ReasonBodySchema, response: { 200: ManagedResourceSchema, ...ErrorResponses } } };
  // These POSTs may come without a body at all: read that as {}.
  const emptyBodyIsObject = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  const act = (action: StatusAction, prefix: string, guard: typeof requireUser) =>
    app.post(`${prefix}/:id/${action}`, { ...change, preValidation: emptyBodyIsObject, preHandler: guard }, async (request) => {
      const id = request.params.id;
      const after = transition(db, request.viewer, id, action, request.body ?? {});
      request.log.info({ resourceId: id, action, status: after.status, by: request.viewer?.id }, 'resource status changed');
      return managed(request, id);
    });

  // ---- the owner ----
  act('submit', '/v2/resources', requireUser);
  act('withdraw', '/v2/resources', requireUser);

  // ---- anyone logged in but the owner: a report with a reason ----
  app.post(
    '/v2/resources/:id/report',
    {
      preValidation: emptyBodyIsObject,
      preHandler: requireUser,
      schema: { params: IdParamsSchema, headers: IdempotencyHeadersSchema, body: ReasonBodySchema, response: { 201: ReportSchema, ...ErrorResponses } },
    },
    async (request, reply) =>
      idempotent(request, reply, 201, () => {
        const report = reportResource(db, request.viewer, request.params.id, request.body?.reason);
        request.log.info({ resourceId: request.params.id, reportId: report.id }, 'resource reported');
        return toWireReport(report, request.viewer);
      }),
  );

  // ---- admins ----
  for (const action of ['approve', 'reject', 'block', 'unblock', 'keep'] as const) act(action, '/v2/admin/resources', requireAdmin);

  app.post(
    '/v2/admin/reports/:id/dismiss',
    { preHandler: requireAdmin, schema: { params: IdParamsSchema, response: { 200: ReportSchema, ...ErrorResponses } } },
    async (request) => {
      const report = dismiss(db, viewerOf(request), request.params.id);
      request.log.info({ reportId: report.id, resourceId: report.resource_id }, 'report dismissed');
      return toWireReport(report, request.viewer);
    },
  );

  app.get(
    '/v2/admin/resources/:list',
    { preHandler: requireAdmin, schema: { params: AdminListParamsSchema, querystring: QueryAdminResourcesSchema, response: { 200: ManagedPageSchema, ...ErrorResponses } } },
    async (request) => {
      const viewer = viewerOf(request);
      const filter = adminListFilter(request.params.list, viewer, request.query);
      return managedPage(db, dataDir, viewer, filter, pageRequest(request.query));
    },
  );
};
