import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminListParamsSchema,
  ErrorBodySchema,
  foldText,
  IdempotencyHeadersSchema,
  IdParamsSchema,
  ManagedPageSchema,
  ManagedResourceSchema,
  QueryAdminResourcesSchema,
  ReasonBodySchema,
  ReportSchema,
  type AdminList,
  type ResourceStatus,
} from '@kit/contract';
import type { FastifyRequest } from 'fastify';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import { idempotent } from '../idempotency/idempotency.service.ts';
import { buildMatchExpression } from '../search/search.query.ts';
import { viewerOf } from '../users/users.service.ts';
import { managedPage, managedResource, toWireReport } from './managed.ts';
import { listManagedIds, type ManagedFilter } from './moderation.repo.ts';
import { dismiss, reportResource, transition, type StatusAction } from './moderation.service.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

/** Which resources each admin page of SPEC §2 lists. */
const ADMIN_LIST_FILTERS: Record<AdminList, (viewerId: number) => Pick<ManagedFilter, 'statuses' | 'ownerId' | 'reportedOnly'>> = {
  all: () => ({ statuses: null, ownerId: null, reportedOnly: false }),
  block: () => ({ statuses: ['blocked'] as ResourceStatus[], ownerId: null, reportedOnly: false }),
  // "Por publicar": drafts not yet submitted, everybody's.
  draft: () => ({ statuses: ['draft'] as ResourceStatus[], ownerId: null, reportedOnly: false }),
  'pending-approval': () => ({ statuses: ['pending'] as ResourceStatus[], ownerId: null, reportedOnly: false }),
  reports: () => ({ statuses: null, ownerId: null, reportedOnly: true }),
  // "Subir recursos": the admin's own uploads, to continue or publish them.
  upload: (viewerId) => ({ statuses: null, ownerId: viewerId, reportedOnly: false }),
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Moderation (issue 5): status changes by owners and admins, reports, and the
 * admin resource lists. Every rule is in moderation.service.ts's TRANSITIONS;
 * admin paths also check requireAdmin (isAdmin and not denied) up front.
 */
export const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const { dataDir } = app.config;
  const managed = (request: FastifyRequest, id: number) => managedResource(db, dataDir, request.viewer, id);
  const change = { schema: { params: IdParamsSchema, body: ReasonBodySchema, response: { 200: ManagedResourceSchema, ...errors } } };
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
      schema: { params: IdParamsSchema, headers: IdempotencyHeadersSchema, body: ReasonBodySchema, response: { 201: ReportSchema, ...errors } },
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
    { preHandler: requireAdmin, schema: { params: IdParamsSchema, response: { 200: ReportSchema, ...errors } } },
    async (request) => {
      const report = dismiss(db, viewerOf(request), request.params.id);
      request.log.info({ reportId: report.id, resourceId: report.resource_id }, 'report dismissed');
      return toWireReport(report, request.viewer);
    },
  );

  app.get(
    '/v2/admin/resources/:list',
    { preHandler: requireAdmin, schema: { params: AdminListParamsSchema, querystring: QueryAdminResourcesSchema, response: { 200: ManagedPageSchema, ...errors } } },
    async (request) => {
      const viewer = viewerOf(request);
      const { q, type } = request.query;
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 24;
      const text = q?.trim() ?? '';
      const match = text === '' ? null : buildMatchExpression(text);
      const folded = foldText(text);
      const filter: ManagedFilter = {
        ...ADMIN_LIST_FILTERS[request.params.list](viewer.id),
        typeCode: type ? type : null,
        match,
        userLike: text === '' || folded === '' ? null : `%${escapeLike(folded)}%`,
      };
      const found = listManagedIds(db, filter, perPage, (page - 1) * perPage);
      return managedPage(db, dataDir, viewer, found, page, perPage, { withReports: request.params.list === 'reports' });
    },
  );
};
