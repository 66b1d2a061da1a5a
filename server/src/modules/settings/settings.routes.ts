import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminSettingsSchema, ErrorBodySchema, UpdateSettingsSchema } from '@kit/contract';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import type { Settings } from './settings.defaults.ts';
import { insertSettingIfMissing, readSettings, writeSettings } from './settings.repo.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

const toAdminSettings = (settings: Settings) => ({
  servicesMode: settings.servicesMode,
  contactEmail: settings.contactEmail,
  contactPhones: settings.contactPhones,
});

/**
 * GET and PUT /api/v2/admin/settings: the settings admins change (services
 * mode, contact e-mail and phones). KIT_SERVICES_MODE gives the mode a fresh
 * kit starts in; after that the admins' choice stands.
 */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  insertSettingIfMissing(app.db, 'servicesMode', app.config.servicesMode);
  app.addHook('onRequest', requireAdmin);

  app.get('/v2/admin/settings', { schema: { response: { 200: AdminSettingsSchema, ...errors } } }, async () => toAdminSettings(readSettings(app.db)));

  app.put('/v2/admin/settings', { schema: { body: UpdateSettingsSchema, response: { 200: AdminSettingsSchema, ...errors } } }, async (request) => {
    // The validator drops keys this endpoint does not manage: a body left empty changed nothing and says so.
    if (Object.keys(request.body).length === 0) throw new AppError('VALIDATION', { field: 'body', reason: 'no known setting' });
    writeSettings(app.db, request.body);
    request.log.info({ keys: Object.keys(request.body) }, 'settings changed');
    return toAdminSettings(readSettings(app.db));
  });
};
