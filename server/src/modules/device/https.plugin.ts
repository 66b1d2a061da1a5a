import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { CertificateInfo } from '@kit/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hostName, isNavigation, PROBES } from '../captive/captive.service.ts';
import { certificateInfo, kitNames, readInstalledCertificate, servedName } from './device.certificate.ts';
import type { KitClock } from './kit-clock.ts';

/**
 * HTTPS on the kit (docs/HTTPS.md). Browsers give service workers, and so the
 * offline PWA, only to secure origins; phones on the kit's Wi-Fi reach it as
 * http://portal.kit, which is not one.
 *
 * How: ONE Fastify app, and a second listener. After the app listens on plain
 * HTTP (which stays: connectivity probes are plain HTTP, and phones that
 * cannot resolve the kit's name use its address), startHttps() creates a
 * node:https server whose request handler is `app.routing`, the very function
 * Fastify's own HTTP server calls. So every hook, route, the captive portal,
 * auth and the web app run unchanged for both, with one database, one set of
 * in-memory state (released captive clients, login throttles) and no request
 * copying; `request.protocol` says 'https' because the socket is a TLS one.
 * (Two Fastify instances would duplicate all of that; a proxy would add a hop.)
 *
 * A certificate installed later (from /admin/device, a hub or a pack) is
 * taken by reloadHttps(): a running listener swaps its secure context (new
 * connections get the new certificate, open ones finish with the old), and
 * one that was not running starts. No restart.
 */
export interface HttpsState {
  /** KIT_HTTPS_PORT is not 0 */
  readonly enabled: boolean;
  /** startHttps() ran (main.ts): a certificate installed later may open the listener on this port */
  armedPort: number | null;
  server: https.Server | null;
  /** the port the HTTPS listener is bound to */
  port: number | null;
  /** the certificate being served */
  served: CertificateInfo | null;
  /** the kit's name it is served for, where plain-HTTP visits are sent */
  name: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    httpsState: HttpsState;
  }
}

/** The kit's clock as the redirect reads it (kit-clock.ts). */
export type RedirectClock = Pick<KitClock, 'now' | 'confirmed'>;

/**
 * Whether plain-HTTP page visits go to HTTPS now: only while the listener is
 * up with a certificate phones can accept (valid now, for the kit's name)
 * and the kit's clock is confirmed. An expired certificate stops the
 * redirect instead of locking every phone out of the library; a clock that
 * may be behind (a Pi after a power cut) could believe an expired one is
 * valid, so until the hub, the admin or agreeing phones gave the time,
 * phones stay on plain HTTP (HTTPS is still served to whoever asks).
 */
export function redirectsNow(state: HttpsState, clock: RedirectClock): boolean {
  const cert = state.served;
  const now = clock.now();
  return (
    clock.confirmed &&
    state.server !== null &&
    state.port !== null &&
    state.name !== null &&
    cert !== null &&
    cert.matchesHostname &&
    cert.phonesTrust &&
    now >= Date.parse(cert.validFrom) &&
    now <= Date.parse(cert.validTo)
  );
}

async function httpsPlugin(app: FastifyInstance): Promise<void> {
  const state: HttpsState = { enabled: app.config.httpsPort !== 0, armedPort: null, server: null, port: null, served: null, name: null };
  app.decorate('httpsState', state);
  const kitName = app.config.kitHostname;

  // A page visit over plain HTTP to the kit's name goes to the same page over
  // HTTPS. Left alone: the probes (the OS must see them answered on HTTP),
  // /api (other clients, and requests a redirect would break), scripts and
  // images, and visits by address (10.42.0.1, localhost): a phone or a
  // technician without the kit's DNS could not reach https://<name>.
  // 302 with no-store, never 301 or HSTS: phones must not remember HTTPS if
  // the certificate later expires or is removed.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol !== 'http' || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (!redirectsNow(state, app.kitClock)) return;
    const path = request.url.split('?', 1)[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || Object.hasOwn(PROBES, path)) return;
    const host = hostName(request.headers.host);
    if (!isNavigation(request.headers) || (host !== kitName && host !== state.name)) return;
    // To the name the live certificate is for: KIT_HOSTNAME, or the kit's name under its hub's domain.
    const location = `https://${state.name}${state.port === 443 ? '' : `:${state.port}`}${request.url.startsWith('/') ? request.url : `/${request.url}`}`;
    return reply
      .code(302)
      .header('location', location)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="es"><meta charset="utf-8"><title>Portal</title><a href="${encodeURI(location)}">Abrir el portal</a></html>`);
  });

  app.addHook('preClose', async () => {
    state.armedPort = null;
    const server = state.server;
    if (!server) return;
    state.server = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  });
}

export const registerHttps = fp(httpsPlugin, { name: 'https', dependencies: ['kit-clock'] });

/** The installed pair, checked, with what phones would see of it; null (and a log line) when there is none usable. */
async function loadInstalled(app: FastifyInstance) {
  const installed = await readInstalledCertificate(app.config.dataDir);
  if (installed.state === 'none') {
    app.log.info('https: no hay certificado instalado; solo HTTP');
    return null;
  }
  if (installed.state === 'invalid') {
    app.log.error({ reason: installed.reason }, 'https: el certificado instalado no se puede usar; solo HTTP');
    return null;
  }
  const names = kitNames(app.config.dataDir, app.config.kitHostname);
  const leaf = installed.pair.chain[0]!;
  // It was issued before now: its start is a lower bound of the time (a kit's clock is behind after a power cut).
  await app.kitClock.raise('certificate', leaf.validFromDate, false);
  const info = certificateInfo(installed.pair.chain, names, app.config.acmeCaFile, app.kitClock.now());
  if (info.expired) app.log.warn({ validTo: info.validTo }, 'https: el certificado está caducado; no se redirige a HTTPS');
  if (!info.matchesHostname) app.log.warn({ names: info.names, hostname: names }, 'https: el certificado no es para el nombre del kit; no se redirige a HTTPS');
  if (!info.phonesTrust) app.log.warn({ issuer: info.issuer }, 'https: certificado autofirmado o de una CA privada; no se redirige a HTTPS');
  return { pair: installed.pair, info, name: servedName(leaf, names) };
}

/**
 * Starts the HTTPS listener when KIT_HTTPS_PORT is not 0 and a usable
 * certificate is installed; otherwise, or when the port cannot be opened,
 * logs why and leaves the kit on plain HTTP (never stops the server). Either
 * way it arms reloadHttps() to open it when a certificate arrives later.
 * `port` overrides KIT_HTTPS_PORT (tests: 0 for any free port).
 */
export async function startHttps(app: FastifyInstance, options: { port?: number } = {}): Promise<void> {
  const state = app.httpsState;
  if (!state.enabled || state.server) return;
  state.armedPort = options.port ?? app.config.httpsPort;
  await reloadHttps(app);
}

/**
 * Serves the installed certificate now: swaps the running listener's secure
 * context (tls.Server#setSecureContext), or opens the listener if startHttps()
 * armed it and it is not running. Before startHttps() (tests that never
 * listen, the start itself) it only reads the files. Never throws.
 */
export function reloadHttps(app: FastifyInstance): Promise<void> {
  // One at a time: two certificates arriving together must not open two listeners.
  // Keyed by the state, which the root app and every plugin's child instance share.
  const next = (reloads.get(app.httpsState) ?? Promise.resolve()).then(() => reloadNow(app));
  reloads.set(app.httpsState, next);
  return next;
}

const reloads = new WeakMap<HttpsState, Promise<void>>();

async function reloadNow(app: FastifyInstance): Promise<void> {
  const state = app.httpsState;
  if (!state.enabled || state.armedPort === null) return;
  const loaded = await loadInstalled(app);
  if (loaded === null) return;
  const { pair, info, name } = loaded;
  if (state.server) {
    try {
      state.server.setSecureContext({ cert: pair.certPem, key: pair.keyPem });
    } catch (error) {
      app.log.error({ err: error }, 'https: no se pudo cambiar el certificado; sigue el anterior');
      return;
    }
    state.served = info;
    state.name = name;
    app.log.info({ validTo: info.validTo, names: info.names }, 'https: certificado nuevo en uso');
    return;
  }

  const server = https.createServer({ cert: pair.certPem, key: pair.keyPem }, app.routing);
  // The same limits as the plain-HTTP server (app.ts).
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 120_000;
  const port = state.armedPort;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host: app.config.host }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    app.log.error({ err: error, port }, 'https: no se pudo abrir el puerto; solo HTTP');
    return;
  }
  server.on('error', (error) => app.log.error({ err: error }, 'https: error del servidor'));
  // A close (app.close) may have run while the port opened.
  if (state.armedPort === null) {
    server.close();
    return;
  }
  state.server = server;
  state.port = (server.address() as AddressInfo).port;
  state.served = info;
  state.name = name;
  app.log.info({ port: state.port, validTo: info.validTo, names: info.names }, 'https: escuchando');
}
