import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { prettyLogStream, resolveLogFormat } from './logging.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { retypeMedia } from './media/retype.ts';
import { cleanPartialFiles } from './media/store.ts';
import { reconcileStore } from './media/store-intents.ts';
import { adsRoutes } from './modules/ads/ads.routes.ts';
import { appsRoutes } from './modules/apps/apps.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { captiveRoutes } from './modules/captive/captive.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { browserPageRoutes } from './modules/downloads/browser-page.routes.ts';
import { downloadsRoutes } from './modules/downloads/downloads.routes.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { CountOnce } from './modules/counters/count-once.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { deviceRoutes } from './modules/device/device.routes.ts';
import type { DeviceOptions } from './modules/device/device.service.ts';
import { phoneModeRoutes } from './modules/device/phone-mode.routes.ts';
import { clockHintRoutes } from './modules/device/clock-hint.routes.ts';
import { registerKitClock } from './modules/device/kit-clock.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { idempotencyMaintenance } from './modules/idempotency/idempotency.service.ts';
import { ArticleIndex, type ArticleIndexOptions } from './modules/search/article-index.ts';
import { LibraryChecks } from './modules/libraries/libraries.service.ts';
import { librariesRoutes } from './modules/libraries/libraries.routes.ts';
import { articleCopyRoutes } from './modules/libraries/article-copy.routes.ts';
import { ZimPool } from './modules/libraries/zim-pool.ts';
import { zimRoutes } from './modules/libraries/zim.routes.ts';
import { onMediaReleased } from './media/release.ts';
import { listsRoutes } from './modules/lists/lists.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { RenditionQueue, type QueueOptions } from './modules/renditions/queue.ts';
import { renditionsRoutes } from './modules/renditions/renditions.routes.ts';
import { resourcesRoutes } from './modules/resources/resources.routes.ts';
import { ViewCounts } from './modules/resources/view-counts.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { menuAdminRoutes } from './modules/menu/menu.admin.routes.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { termsRoutes } from './modules/terms/terms.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { registerAuth } from './modules/auth/session.plugin.ts';
import { lazySchemas } from './http/lazy-schemas.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerHttps } from './modules/device/https.plugin.ts';
import { registerRestrictedMode } from './plugins/restricted-mode.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerWriteRates } from './plugins/write-rates.ts';
import { registerRouteIndex } from './plugins/route-index.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
// Admin (docs/API-admin.md)
import { categoriesAdminRoutes } from './modules/categories/categories.admin.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
// Content packs and sync (docs/SYNC.md)
import { applyPendingRestore } from './modules/sync/kit-backup.ts';
import { hubReportRoutes, hubStaticRoutes } from './modules/sync/hub.routes.ts';
import { courierRoutes } from './modules/sync/courier.routes.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { HubCertificates } from './modules/sync/certificates-hub.ts';
import type { SyncOptions } from './modules/sync/sync.service.ts';
import { PROJECT_ROOT } from './project-paths.ts';
import './types.ts';

const VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export interface BuildOptions {
  config: Readonly<Config>;
  /** false silences the log (most tests); a stream captures it (tests that read the log) */
  logger?: false | { stream: Writable };
  /** device control's /proc and /sys paths and delays (tests) */
  device?: DeviceOptions;
  /** the mount table /admin/sync reads USB drives from (tests) */
  sync?: SyncOptions;
  /** the phone-copy queue's bounds and programs (tests) */
  renditions?: Pick<QueueOptions, 'stallSeconds' | 'tools'>;
  /** the search indexer's batch sizes and batch observer (tests, bench) */
  articleIndex?: ArticleIndexOptions;
}

/** Builds the whole server (database migrated, every feature registered) without listening. */
export async function buildApp({ config, logger, device, sync, renditions, articleIndex: indexOptions }: BuildOptions): Promise<FastifyInstance> {
  const { db, restored, reconciled, retyped } = await openData(config);
  const app = await createServer(config, logger);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('appVersion', VERSION);
  if (restored) app.log.warn('copia de seguridad restaurada al arrancar');
  if (reconciled.intents + reconciled.removed > 0) app.log.warn(reconciled, 'almacén de medios: archivos de escrituras cortadas eliminados');
  if (retyped > 0) app.log.warn({ retyped }, 'archivos guardados con un tipo declarado: ahora llevan el de sus bytes');
  decorateWorkers(app, { renditions, articleIndex: indexOptions });

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerRouteIndex(app);
  await app.register(fastifyCookie);
  await app.register(registerAuth);
  // Right after auth, before every route: anonymous callers of a restricted kit stop here.
  await app.register(registerRestrictedMode);
  // After auth (it needs the caller), before every route: docs/API-contributions.md "Write rates".
  await app.register(registerWriteRates);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Kit Portal API', version: VERSION } },
  });

  // At the root, before /api and the web app, so its hook sees every request (only on a kit).
  await app.register(captiveRoutes);
  // The kit's clock: moved forward by what the kit learns, and confirmed before anything is redirected to HTTPS.
  await app.register(registerKitClock, device?.clock ?? {});
  // After the captive portal: plain-HTTP page visits to the kit's name go to HTTPS while it is served (main.ts starts it).
  await app.register(registerHttps);

  await app.register(apiRoutes(app, device, sync), { prefix: '/api' });

  // docs/PRODUCT.md#terms static file and the old-browser page, at the root before the web app's fallback.
  await app.register(termsRoutes);
  await app.register(browserPageRoutes);
  // A library's pages, outside /api so their relative links stay under the library (docs/API-contributions.md#bibliotecas-zim).
  await app.register(zimRoutes);
  // A kit publishing a hub feed serves it as static files (docs/SYNC.md).
  await app.register(hubStaticRoutes);
  await registerWebApp(app, config.webDir);
  return app;
}

/** The data folder made ready before the server exists: a pending restore applied, the database migrated, the media store checked. */
async function openData(config: Readonly<Config>) {
  fs.mkdirSync(config.dataDir, { recursive: true });
  // A verified backup restore waits for this moment: before the database opens (docs/SYNC.md).
  const restored = applyPendingRestore(config.dataDir);
  const db = openDatabase(path.join(config.dataDir, 'portal.db'));
  migrate(db);
  cleanPartialFiles(config.dataDir);
  // Before anything listens, so no stored file can be in use (media/store-intents.ts).
  const reconciled = reconcileStore(db, config.dataDir);
  // Rows typed by a claim (and after a restore, every row the backup brought) take the type of their bytes.
  const retyped = await retypeMedia(db, config.dataDir, restored ? 'all' : 'claimed');
  return { db, restored, reconciled, retyped };
}

/** Fastify with the kit's logging, timeouts, schemas compiled on first use and error answers for what never reaches a route. */
async function createServer(config: Readonly<Config>, logger: BuildOptions['logger']) {
  const schemas = lazySchemas();
  const app = Fastify({
    logger: logger === false ? false : {
      level: logger ? 'trace' : config.logLevel,
      // Passwords and tokens never reach the journal, whatever a route logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
      ...(logger
        ? { stream: logger.stream }
        : resolveLogFormat(config.logFormat, process.stdout.isTTY === true) === 'pretty'
          ? { stream: await prettyLogStream() }
          : {}),
    },
    // Nothing sits in front of the kit's server, so it sets its own limits.
    connectionTimeout: 0,
    // Longer than clients keep idle sockets, so a reused connection is never closed under them;
    // phones on the kit's Wi-Fi also save a handshake per request.
    keepAliveTimeout: 72_000,
    requestTimeout: 120_000,
    clientErrorHandler: answerClientError,
    // Router-level refusals (a 100 KB id, a malformed URL) answer the error object (docs/PRODUCT.md#error-object) too.
    frameworkErrors: (error, _request, reply) => {
      const body = new AppError('VALIDATION', { field: 'url', reason: error.code }).toBody();
      void (reply as unknown as { code: (n: number) => { send: (b: unknown) => unknown } }).code(400).send(body);
    },
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    schemaController: { compilersFactory: schemas.compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('compileAllSchemas', schemas.compileAll);
  return app;
}

type App = Awaited<ReturnType<typeof createServer>>;

/** The long-lived workers the features share (view counts, phone copies, ZIM checks and index, open ZIM files), started when the server is ready and closed with it. */
function decorateWorkers(app: App, { renditions, articleIndex: indexOptions }: Pick<BuildOptions, 'renditions' | 'articleIndex'>): void {
  const { db, config } = app;
  app.decorateRequest('viewer', null);
  const viewCounts = new ViewCounts(db, (error) => app.log.error({ err: error }, 'no se pudieron guardar las visitas'));
  app.decorate('viewCounts', viewCounts);
  // One per server: reports (hub.routes.ts) and packs and /admin/sync (sync.routes.ts) share its queue of ACME orders.
  app.decorate('hubCertificates', config.acme ? new HubCertificates(db, config.dataDir, config.acme, app.log) : null);
  app.decorate('counters', new CountOnce());
  const renditionQueue = new RenditionQueue(db, config, { enabled: config.renditions, threads: config.renditionThreads, log: app.log, ...renditions });
  app.decorate('renditions', renditionQueue);
  // Once every route is there: jobs cut by the last stop run again, in the background.
  app.addHook('onReady', async () => renditionQueue.start());
  const articleIndex = new ArticleIndex(db, config.dataDir, app.log, indexOptions);
  app.decorate('articleIndex', articleIndex);
  // A library's articles are indexed once its file passed its check.
  const libraryChecks = new LibraryChecks(db, config.dataDir, app.log, () => articleIndex.wake());
  app.decorate('libraryChecks', libraryChecks);
  // Checks a stop cut short run again, and indexes continue where they stopped, in the background.
  app.addHook('onReady', async () => {
    libraryChecks.resume();
    articleIndex.wake();
  });
  const zimPool = new ZimPool();
  app.decorate('zimPool', zimPool);
  // A deleted or replaced library's file is closed, so its disk space comes back.
  const stopForgetting = onMediaReleased((sha256) => zimPool.forget(sha256));
  app.addHook('onClose', async () => {
    stopForgetting();
    await zimPool.close();
    await libraryChecks.close();
    await articleIndex.close();
    await renditionQueue.close();
    viewCounts.close();
    db.close();
  });
}

/** Every feature's routes under /api (docs/API-*.md). */
function apiRoutes(app: App, device: BuildOptions['device'], sync: BuildOptions['sync']) {
  return async (api: App): Promise<void> => {
    api.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(menuRoutes);
    // Portal (docs/API-portal.md)
    await api.register(menuAdminRoutes);
    await api.register(settingsRoutes);
    await api.register(adsRoutes);
    await api.register(contactRoutes);
    await api.register(downloadsRoutes);
    await api.register(appsRoutes);
    await api.register(categoriesRoutes);
    await api.register(resourcesRoutes);
    await api.register(renditionsRoutes);
    await api.register(searchRoutes);
    await api.register(listsRoutes);
    await api.register(mediaRoutes);
    await api.register(usersRoutes);
    // Contributions (docs/API-contributions.md)
    await api.register(uploadsRoutes);
    await api.register(librariesRoutes);
    await api.register(articleCopyRoutes);
    await api.register(moderationRoutes);
    await api.register(commentsRoutes);
    await api.register(favoritesRoutes);
    await api.register(idempotencyMaintenance);
    await api.register(deviceRoutes, device ?? {});
    await api.register(phoneModeRoutes);
    await api.register(clockHintRoutes);
    // Admin (docs/API-admin.md)
    await api.register(dashboardRoutes);
    await api.register(categoriesAdminRoutes);
    await api.register(reportsRoutes);
    // Content packs and sync (docs/SYNC.md)
    await api.register(syncRoutes, sync ?? {});
    await api.register(hubReportRoutes);
    await api.register(courierRoutes);
  };
}
