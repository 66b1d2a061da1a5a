import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientConfigSchema, ErrorBodySchema, FastAccessServicesSchema } from '@kit/contract';
import { Type } from 'typebox';
import { readSettings } from '../../kit-settings/kit-settings.repo.ts';
import { loadModeTiles } from './menu.admin.service.ts';
import { menuBanners } from './menu.banners.ts';
import { buildServices } from './menu.service.ts';
import { detectClient } from './user-agent.ts';

/** GET /api/v2/id/config and GET /api/v3/fastAccessServices: what every client reads first. */
export const menuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/id/config',
    {
      schema: {
        querystring: Type.Object({ seeDesktop: Type.Optional(Type.Boolean()) }),
        response: { 200: ClientConfigSchema, '4xx': ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const settings = readSettings(app.db);
      const client = detectClient(request.headers['user-agent']);
      // Differs per viewer (deniedUsers): never shared from a cache.
      void reply.header('Cache-Control', 'private, no-cache');
      return {
        isKit: app.config.isKit,
        backendURL: '/api',
        backendHostHeader: request.host,
        resourceModeration: settings.resourceModeration,
        restrictedMode: settings.restrictedMode,
        appDenyDownloadsForUsers: settings.appDenyDownloadsForUsers,
        tutorialCategoryId: settings.tutorialCategoryId,
        clientCategoryId: settings.clientCategoryId,
        os: client.os,
        isOldBrowser: client.isOldBrowser,
        seeDesktop: request.query.seeDesktop ?? request.cookies.kp_see_desktop !== '0',
        device: client.device,
        // The denied-users list, told only about the caller: whether they themself are on it.
        // The whole list is for admins (GET /api/v2/admin/settings).
        deniedUsers: request.viewer?.denied ? [request.viewer.id] : [],
        servicesMode: settings.servicesMode,
        productSlug: settings.productSlug,
        productName: settings.productName,
        contactEmail: settings.contactEmail,
        contactPhones: settings.contactPhones,
        version: app.appVersion,
      };
    },
  );

  // Each answer shows the next picture of the publicity rotation.
  let publicityTurn = 0;

  app.get(
    '/v3/fastAccessServices',
    { schema: { response: { 200: FastAccessServicesSchema } } },
    async (request, reply) => {
      const settings = readSettings(app.db);
      const mode = settings.servicesMode;
      const banners = menuBanners(app.db, new Date(), publicityTurn++);
      // Differs per viewer (admin tiles) and per call (publicity): never shared from a cache.
      void reply.header('Cache-Control', 'private, no-cache');
      return buildServices(mode, loadModeTiles(app.db, mode, settings), request.viewer?.isAdmin === true && !request.viewer.denied, banners, settings.productName);
    },
  );
};
