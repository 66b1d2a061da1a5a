import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hostName, isNavigation, OwnHosts, PROBES, ReleasedClients } from './captive.service.ts';

export interface CaptiveOptions {
  /** the clients that saw the portal (tests pass their own clock) */
  clients?: ReleasedClients;
  /** the kit's addresses (tests); by default the network interfaces' */
  listAddresses?: () => string[];
}

/**
 * The kit's captive portal (only when KIT_IS_KIT=true; elsewhere it adds
 * nothing). Behaviour per OS: docs/CAPTIVE-PORTAL.md.
 *
 * - A connectivity probe (PROBES) from a phone that has not seen the portal
 *   yet is redirected to http://<KIT_HOSTNAME>/menu, so the phone opens its
 *   portal sheet there.
 * - Once that phone has loaded a page of the kit (the sheet showing /menu,
 *   or the browser), its probes get the "online" answer for an hour after
 *   its last probe or page, so it stays on the kit's Wi-Fi instead of
 *   preferring mobile data, and iOS lets the sheet close with "Done".
 * - A page navigation to any other host (a phone typing google.com, which the
 *   kit's DNS answers with the kit) is redirected to the portal.
 *
 * A global plugin (fastify-plugin): its hook sees every request, whatever
 * route or fallback answers it. Register it before the web app.
 */
export const captiveRoutes = fp(
  async (app: FastifyInstance, opts: CaptiveOptions) => {
    if (!app.config.isKit) return;

    const clients = opts.clients ?? new ReleasedClients();
    // The HTTPS plugin registers after this one; its state is read per request.
    const ownHosts = new OwnHosts(app.config.kitHostname, opts.listAddresses, () => app.httpsState?.name ?? null);
    const portalUrl = `http://${app.config.kitHostname}${app.config.port === 80 ? '' : `:${app.config.port}`}/menu`;

    const toPortal = (reply: FastifyReply): FastifyReply =>
      reply
        .code(302)
        .header('location', portalUrl)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="es"><meta charset="utf-8"><title>Portal</title><a href="${portalUrl}">Abrir el portal</a></html>`);

    for (const [path, answer] of Object.entries(PROBES)) {
      app.get(path, { schema: { hide: true } }, async (request, reply) => {
        if (!clients.touchIfReleased(request.ip)) {
          request.log.info({ client: request.ip, probe: path }, 'portal cautivo: dispositivo enviado al portal');
          return toPortal(reply);
        }
        reply.code(answer.status).header('cache-control', 'no-store');
        if (answer.status === 204) return reply.send();
        return reply.type(`${answer.contentType ?? 'text/plain'}; charset=utf-8`).send(answer.body);
      });
    }

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = request.url.split('?', 1)[0] ?? '';
      if (Object.hasOwn(PROBES, path) || !isNavigation(request.headers)) return;
      if (ownHosts.has(hostName(request.headers.host))) {
        // A page of the kit is on this client's screen: its probes may now say "online".
        clients.release(request.ip);
        return;
      }
      return toPortal(reply);
    });
  },
  { name: 'captive-portal' },
);
