import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminSettingsSchema, ErrorResponses, UpdateSettingsSchema } from '@kit/contract';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../access/guards.ts';
import { adminSettings, saveSettings, seedServicesMode } from './settings.service.ts';

/**
 * GET and PUT /api/v2/admin/settings: every setting of /admin/data. Each
 * request reads the settings table, so a change is effective at once (no
 * restart). KIT_SERVICES_MODE gives the mode a fresh kit starts in; after
 * that the admins' choice stands.
 */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  seedServicesMode(app.db, app.config.servicesMode);
  app.addHook('onRequest', requireAdmin);

  app.get('/v2/admin/settings', { schema: { response: { 200: AdminSettingsSchema, ...ErrorResponses } } }, async () => adminSettings(app.db));

  app.put('/v2/admin/settings', { schema: { body: UpdateSettingsSchema, response: { 200: AdminSettingsSchema, ...ErrorResponses } } }, async (request) => {
    // The validator drops keys this endpoint does not manage: a body left empty changed nothing and says so.
    if (Object.keys(request.body).length === 0) throw new AppError('VALIDATION', { field: 'body', reason: 'no known setting' });
    const saved = saveSettings(app.db, request.body, request.viewer?.id ?? 0);
    request.log.info({ keys: Object.keys(request.body) }, 'settings changed');
    return saved;
  });
};
