import { TERMS_PDF_PATH } from '@kit/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { PROBES } from '../modules/captive/captive.service.ts';
import { isMenuMedia } from '../modules/menu/menu.banners.ts';
import { readSettings } from '../kit-settings/kit-settings.repo.ts';

/**
 * What an anonymous caller still reaches with restricted mode on, as the
 * routes are registered (`METHOD /url`, HEAD answered like GET). Everything
 * else answers 401, so the web app's redirect to /login is not the only
 * thing between a stranger and the library (docs/API-portal.md "Restricted mode").
 */
const OPEN_IN_RESTRICTED_MODE: ReadonlySet<string> = new Set([
  // the menu (/menu stays open) and the config every client reads first
  'GET /api/v3/fastAccessServices',
  'GET /api/v2/id/config',
  // who the caller is: the web app asks at every start and learns it must log in
  'GET /api/v2/session',
  // logging in (also with temporary credentials), out, and registering
  'POST /api/auth',
  'POST /api/v3/authTemporary',
  'POST /api/deauth',
  'POST /api/user/create',
  // the conditions one accepts by registering
  `GET ${TERMS_PDF_PATH}`,
  // the old-browser page and the browsers it offers (such a phone cannot run the app to log in)
  'GET /extra/download-browser',
  'GET /api/v2/extra/browsers',
  'GET /api/v2/extra/browsers/:id/file',
  // the static shell: index.html and the built assets, so the app can show its login
  'GET /*',
  // the script a library's pages load without the session (their sandbox sends no cookie): it reveals nothing
  'GET /zim-frame.js',
  // the kit's own liveness check, which says nothing about the library
  'GET /api/health',
  // the phone's time, sent when the web app starts (the kit's clock, docs/API-device.md)
  'POST /api/v2/clock/hint',
  // kit to kit, not people: a hub an admin chose to publish, and the signed reports and enrolments kits send it (docs/SYNC.md)
  'GET /hub/*',
  'POST /api/v2/sync/reports',
  'OPTIONS /api/v2/sync/reports',
  'POST /api/v2/sync/enrol',
  // what phones carry between the kit and its hub: public, signed data (docs/SYNC.md, "Carried by phones")
  'GET /api/v2/sync/courier',
  'POST /api/v2/sync/courier',
  // the phones' captive-portal probes (on a kit)
  ...Object.keys(PROBES).map((path) => `GET ${path}`),
]);

const MENU_MEDIA = 'GET /api/media/:file';
const GRANTED_ZIM_URL = /^\/zim\/\d+\/~/;

function isOpen(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  // No route: only the not-found answer (a 404, or the app shell for a client route).
  if (url === undefined) return true;
  const key = `${request.method === 'HEAD' ? 'GET' : request.method} ${url}`;
  if (OPEN_IN_RESTRICTED_MODE.has(key)) return true;
  // a library's page's own requests, under the read grant its reader got: /zim/{id}/~{grant}/… (the route checks the grant, modules/libraries/read-grant.ts)
  if (key === 'GET /zim/:id/*' && GRANTED_ZIM_URL.test(request.url)) return true;
  if (key === MENU_MEDIA) {
    const sha256 = String((request.params as { file?: unknown }).file ?? '').split('.')[0] ?? '';
    return isMenuMedia(request.server.db, sha256, new Date());
  }
  return false;
}

/**
 * Restricted mode (the `restrictedMode` setting of /admin/data), enforced by
 * the server in one place: a global onRequest hook after the auth plugin's,
 * so a signed-in caller passes at once and an anonymous one gets 401 on
 * everything but OPEN_IN_RESTRICTED_MODE and the files the menu shows.
 */
export const registerRestrictedMode = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (request.viewer || isOpen(request) || !readSettings(app.db).restrictedMode) return;
      throw new AppError(request.tokenRejected ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED', { reason: 'restricted mode' });
    });
  },
  { name: 'restricted-mode', dependencies: ['auth'] },
);
