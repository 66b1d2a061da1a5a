import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, PhoneModeSchema } from '@kit/contract';
import { requireAdmin } from '../../access/guards.ts';
import { phoneModeOf, readHttpsStatus } from './https-status.ts';

/**
 * GET /api/v2/admin/phone-mode: read-only, on every server (not only a kit),
 * so /admin/data can tell admins whether phones get the full offline app or
 * the basic mode on plain HTTP, and why (docs/API-device.md).
 */
export const phoneModeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/admin/phone-mode',
    { onRequest: requireAdmin, schema: { response: { 200: PhoneModeSchema, '4xx': ErrorBodySchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const https = await readHttpsStatus(app);
      return { ...phoneModeOf(https, app.kitClock.now()), hostname: app.config.kitHostname, https };
    },
  );
};
