import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminMenuSchema,
  AdminTileSchema,
  BANNER_MAX_BYTES,
  BannerListSchema,
  BannerSchema,
  BannerSlotParamsSchema,
  CreateTileSchema,
  ErrorResponses,
  IdParamsSchema,
  MenuModeParamsSchema,
  MenuTileParamsSchema,
  OrderTilesSchema,
  UpdateTileSchema,
} from '@kit/contract';
import { Type } from 'typebox';
import { allowMultipart, FILE_ROUTE, receivePicture } from '../../media/upload.ts';
import { requireAdmin } from '../../access/guards.ts';
import { addTile, adminMenu, editTile, orderTiles, removeTile } from './menu.admin.service.ts';
import { addBanner, listBanners, removeBanner } from './menu.banners.ts';

/**
 * The menu editor's API (admins only, every route): each services mode's
 * tiles with their targets, labels, visibility and order, and the menu and
 * publicity banners.
 */
export const menuAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before the body is read: an upload from anyone else never reaches the disk.
  app.addHook('onRequest', requireAdmin);
  await allowMultipart(app);

  app.get('/v2/admin/menu/:mode', { schema: { params: MenuModeParamsSchema, response: { 200: AdminMenuSchema, ...ErrorResponses } } }, async (request) =>
    adminMenu(app.db, request.params.mode),
  );

  app.post(
    '/v2/admin/menu/:mode/tiles',
    { schema: { params: MenuModeParamsSchema, body: CreateTileSchema, response: { 201: AdminTileSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const tile = addTile(app.db, request.params.mode, request.body);
      request.log.info({ mode: request.params.mode, key: tile.key }, 'menu tile added');
      return reply.code(201).send(tile);
    },
  );

  app.patch(
    '/v2/admin/menu/:mode/tiles/:key',
    { schema: { params: MenuTileParamsSchema, body: UpdateTileSchema, response: { 200: AdminTileSchema, ...ErrorResponses } } },
    async (request) => {
      const tile = editTile(app.db, request.params.mode, request.params.key, request.body);
      request.log.info({ mode: request.params.mode, key: tile.key }, 'menu tile edited');
      return tile;
    },
  );

  app.delete(
    '/v2/admin/menu/:mode/tiles/:key',
    { schema: { params: MenuTileParamsSchema, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      removeTile(app.db, request.params.mode, request.params.key);
      request.log.info({ mode: request.params.mode, key: request.params.key }, 'menu tile removed or reset');
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/v2/admin/menu/:mode/order',
    { schema: { params: MenuModeParamsSchema, body: OrderTilesSchema, response: { 200: AdminMenuSchema, ...ErrorResponses } } },
    async (request) => {
      orderTiles(app.db, request.params.mode, request.body.keys);
      return adminMenu(app.db, request.params.mode);
    },
  );

  // ---- banners ----
  app.get('/v2/admin/banners', { schema: { response: { 200: BannerListSchema, ...ErrorResponses } } }, async () => ({
    data: listBanners(app.db),
  }));

  app.post(
    '/v2/admin/banners/:slot',
    { config: FILE_ROUTE, schema: { params: BannerSlotParamsSchema, response: { 201: BannerSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const image = await receivePicture(request, BANNER_MAX_BYTES);
      const banner = addBanner(app.db, request.params.slot, image.sha256);
      request.log.info({ slot: request.params.slot, bannerId: banner.id, sha256: image.sha256 }, 'banner uploaded');
      return reply.code(201).send(banner);
    },
  );

  app.delete('/v2/admin/banners/:id', { schema: { params: IdParamsSchema, response: { 204: Type.Null(), ...ErrorResponses } } }, async (request, reply) => {
    removeBanner(app.db, request.params.id);
    request.log.info({ bannerId: request.params.id }, 'banner removed');
    return reply.code(204).send(null);
  });
};
