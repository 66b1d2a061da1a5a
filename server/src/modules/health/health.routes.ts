import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema } from '@kit/contract';

/** GET /api/health: the database answers, and which build this is. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthSchema } } }, async () => {
    app.db.prepare('SELECT 1').get();
    return { status: 'ok' as const, db: 'ok' as const, version: app.appVersion, uptimeSeconds: Math.round(process.uptime()) };
  });
};
