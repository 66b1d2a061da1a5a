import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema } from '@kit/contract';
import { diskState } from '../../disk-space.ts';

/** GET /api/health: the database answers, whether the data disk is full, and which build this is. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthSchema } } }, async () => {
    app.db.prepare('SELECT 1').get();
    const disk = diskState(app.config).full ? ('full' as const) : ('ok' as const);
    return { status: 'ok' as const, db: 'ok' as const, disk, version: app.appVersion, uptimeSeconds: Math.round(process.uptime()) };
  });
};
