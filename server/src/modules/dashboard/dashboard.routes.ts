import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardSchema, ErrorResponses } from '@kit/contract';
import { requireAdmin } from '../../access/guards.ts';
import { dashboard } from './dashboard.service.ts';

/** GET /api/v3/dashboard: docs/PRODUCT.md#dashboard counters plus the Resumen page's chart data. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v3/dashboard',
    { onRequest: requireAdmin, config: { admin: true }, schema: { response: { 200: DashboardSchema, ...ErrorResponses } } },
    async () => dashboard(app.db),
  );
};
