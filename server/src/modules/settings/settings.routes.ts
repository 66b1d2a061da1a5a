import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminSettingsSchema, ErrorBodySchema, UpdateSettingsSchema, type AdminSettings } from '@kit/contract';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../access/guards.ts';
import { validateSettings } from './settings.service.ts';
import { insertSettingIfMissing, readSettings, writeSettings } from '../../kit-settings/kit-settings.repo.ts';
import { readDeniedUserIds, replaceDeniedUsers } from './settings.repo.ts';
import type { Db } from '../../db/connection.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

function adminSettings(db: Db): AdminSettings {
  const s = readSettings(db);
  return {
    servicesMode: s.servicesMode,
    resourceModeration: s.resourceModeration,
    restrictedMode: s.restrictedMode,
    appDenyDownloadsForUsers: s.appDenyDownloadsForUsers,
    deniedUsers: readDeniedUserIds(db),
    tutorialCategoryId: s.tutorialCategoryId,
    clientCategoryId: s.clientCategoryId,
    productName: s.productName,
    productSlug: s.productSlug,
    contactEmail: s.contactEmail,
    contactPhones: s.contactPhones,
    uploadQuotaMb: s.uploadQuotaMb,
  };
}

/**
 * GET and PUT /api/v2/admin/settings: every setting of /admin/data. Each
 * request reads the settings table, so a change is effective at once (no
 * restart). KIT_SERVICES_MODE gives the mode a fresh kit starts in; after
 * that the admins' choice stands.
 */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  insertSettingIfMissing(app.db, 'servicesMode', app.config.servicesMode);
  app.addHook('onRequest', requireAdmin);

  app.get('/v2/admin/settings', { schema: { response: { 200: AdminSettingsSchema, ...errors } } }, async () => adminSettings(app.db));

  app.put('/v2/admin/settings', { schema: { body: UpdateSettingsSchema, response: { 200: AdminSettingsSchema, ...errors } } }, async (request) => {
    // The validator drops keys this endpoint does not manage: a body left empty changed nothing and says so.
    if (Object.keys(request.body).length === 0) throw new AppError('VALIDATION', { field: 'body', reason: 'no known setting' });
    const viewer = request.viewer;
    const { deniedUsers, ...rest } = request.body;
    validateSettings(app.db, request.body, viewer?.id ?? 0);
    app.db.transaction(() => {
      writeSettings(app.db, rest);
      if (deniedUsers !== undefined) replaceDeniedUsers(app.db, deniedUsers);
    })();
    request.log.info({ keys: Object.keys(request.body) }, 'settings changed');
    return adminSettings(app.db);
  });
};
