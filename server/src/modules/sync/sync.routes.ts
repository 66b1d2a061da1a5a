import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  ImportReportSchema,
  SyncExportBodySchema,
  SyncExportParamsSchema,
  BackupBodySchema,
  BackupParamsSchema,
  RestoreUsbBodySchema,
  RestoreResultSchema,
  SyncImportQuerySchema,
  SyncNowBodySchema,
  SyncJobAcceptedSchema,
  SyncStatusSchema,
  SyncUsbImportBodySchema,
  SyncUsbLibraryBodySchema,
  SyncSettingsSchema,
  UpdateSyncSettingsSchema,
  TrustedKeyBodySchema,
  TrustedKeyParamsSchema,
  TrustedKeySchema,
  type SyncStatus,
  type SyncSettings,
  CreateEnrolmentTokenSchema,
  CreatedEnrolmentTokenSchema,
  EnrolmentTokenListSchema,
  EnrolmentTokenParamsSchema,
} from '@kit/contract';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { fileAnswerHeaders } from '../../media/serve.ts';
import { requireAdmin } from '../../access/guards.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { reloadHttps } from '../device/https.plugin.ts';
import { PACK_EXTENSION } from './pack-format.ts';
import { sweepStaging } from './pack-import.ts';
import { loadOrCreateKitKey, type KitKey } from './sync-keys.ts';
import { distrustPublisher, endInterruptedImports, exportsDir, startBackupJob, SyncJobs, syncRecords, trustPublisher, type SyncOptions } from './sync.service.ts';
import { BACKUP_EXTENSION, backupsDir, stageRestore } from './kit-backup.ts';
import { findDrive, findFileOnDrive } from './usb-drives.ts';
import { lastPublished } from './hub-feed.ts';
import { AutomaticSync } from './automatic-sync.ts';
import { readHubSettings } from '../../kit-settings/hub-sync.ts';
import { saveHubSettings } from './hub-settings.ts';
import { courierStatus } from './courier.ts';
import { createEnrolmentToken, listEnrolmentTokens, revokeToken } from './enrolment-hub.ts';
import { tokenStatus } from './enrolment-kit.ts';

const restoreAnswer = (backupCreatedAt: string) => ({ message: 'Copia verificada. Se restaurará al reiniciar el kit.', backupCreatedAt, restartRequired: true as const });
const PACK_CONTENT_TYPE = 'application/octet-stream';

type SyncApp = Parameters<FastifyPluginAsyncTypebox<SyncOptions>>[0];

/**
 * /api/v2/admin/sync/…: export and import content packs, USB drives, trusted
 * publishers (docs/SYNC.md). Admins only, checked in onRequest before a byte
 * of an upload is read.
 */

export const syncRoutes: FastifyPluginAsyncTypebox<SyncOptions> = async (app, options) => {
  const { db, config } = app;
  sweepStaging(config.dataDir);
  const interrupted = endInterruptedImports(db);
  if (interrupted > 0) app.log.warn({ interrupted }, 'sincronización: importaciones cortadas por un apagado; la biblioteca no cambió');
  const hub = () => readHubSettings(db, config);
  const jobs = syncJobs(app, hub, options);

  const automatic = new AutomaticSync(jobs, hub, app.log, options);
  app.addHook('onReady', async () => automatic.start());
  app.addHook('onClose', async () => automatic.stop());

  app.addHook('onRequest', requireAdmin);
  // A pack is streamed by the handler into the importer, never parsed or buffered.
  app.addContentTypeParser(PACK_CONTENT_TYPE, (_request, _payload, done) => done(null));

  statusRoute(app, jobs, automatic, hub);
  packRoutes(app, jobs);
  trustRoutes(app, jobs.ctx.key);
  hubRoutes(app, jobs, automatic);
  backupRoutes(app, jobs);
};

/** The kit's one queue of sync jobs, with what they work with. */
function syncJobs(app: SyncApp, hub: () => SyncSettings, options: SyncOptions): SyncJobs {
  const { db, config } = app;
  return new SyncJobs({
    db,
    dataDir: config.dataDir,
    diskReserveBytes: config.diskReserveBytes,
    key: loadOrCreateKitKey(config.dataDir),
    kitName: config.kitHostname,
    usbRoot: config.usbRoot,
    mountsFile: options.mountsFile ?? '/proc/self/mounts',
    // Read when a job starts: an address saved on /admin/sync holds for the next job.
    get feedUrl() {
      return hub().feedUrl;
    },
    get uploadUrl() {
      return hub().uploadUrl;
    },
    enrolmentToken: config.syncEnrolmentToken,
    log: app.log,
    onCertificateInstalled: () => reloadHttps(app),
    clock: app.kitClock,
    hubCertificates: app.hubCertificates,
    acmeCaFile: config.acmeCaFile,
    onFilesArrived: () => {
      app.renditions.catchUp();
      app.libraryChecks.resume();
    },
  });
}

/** What /admin/sync shows: the kit, the job under way, drives, publishers, the hub and its kits' certificates. */
function statusRoute(app: SyncApp, jobs: SyncJobs, automatic: AutomaticSync, hub: () => SyncSettings): void {
  const { db, config } = app;
  app.get('/v2/admin/sync/status', { schema: { response: { 200: SyncStatusSchema, ...ErrorResponses } } }, async (_request, reply): Promise<SyncStatus> => {
    void reply.header('cache-control', 'no-store');
    const { trustedKeys, imports, lastPull } = syncRecords(db);
    return {
      kit: { name: config.kitHostname, keyId: jobs.ctx.key.keyId, publicKey: jobs.ctx.key.publicKey },
      job: jobs.current,
      drives: jobs.drives(),
      usbRoot: config.usbRoot,
      trustedKeys,
      imports,
      hub: {
        ...hub(),
        nextSyncAt: automatic.schedule.nextAt,
        lastPull,
        published: lastPublished(config.dataDir),
      },
      courier: courierStatus(db),
      enrolmentToken: tokenStatus(db, config.syncEnrolmentToken),
      certificates: app.hubCertificates && {
        domain: app.hubCertificates.domain,
        directoryUrl: app.hubCertificates.directoryUrl,
        kits: app.hubCertificates.list().map((row) => ({
          keyId: row.key_id,
          kitName: row.kit_name,
          name: row.name,
          state: row.state,
          validTo: row.valid_to,
          issuedAt: row.issued_at,
          // The admins of the hub see the CA's or the hook's own words.
          error: row.state === 'failed' && row.error_code ? { code: row.error_code, message: row.error_detail ?? row.error_message ?? '' } : null,
          updatedAt: row.updated_at,
        })),
      },
    };
  });
}

/** Content packs and ZIM files in and out: by download, upload or USB drive. */
function packRoutes(app: SyncApp, jobs: SyncJobs): void {
  const { db, config } = app;
  app.post('/v2/admin/sync/export', { schema: { body: SyncExportBodySchema, response: { 202: SyncJobAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const job = await jobs.startExport(request.body.categoryIds ?? null, request.body.drive ?? null, request.body.certificatesOnly ?? false);
    request.log.info({ adminId: request.viewer?.id, categories: request.body.categoryIds ?? 'todas', drive: request.body.drive ?? null }, 'sincronización: exportación');
    return reply.code(202).send({ job });
  });

  app.get('/v2/admin/sync/exports/:packId', { schema: { params: SyncExportParamsSchema } }, async (request, reply) => {
    const { packId } = request.params;
    return sendFinished(reply, path.join(exportsDir(config.dataDir), `${packId}.${PACK_EXTENSION}`), `kitportal-${config.kitHostname}-${packId.slice(0, 8)}.${PACK_EXTENSION}`, 'SYNC_PACK_NOT_FOUND');
  });

  app.post(
    '/v2/admin/sync/import',
    { bodyLimit: Number.MAX_SAFE_INTEGER, schema: { querystring: SyncImportQuerySchema, response: { 200: ImportReportSchema, ...ErrorResponses } } },
    async (request) => {
      if (request.headers['content-type']?.split(';')[0]?.trim() !== PACK_CONTENT_TYPE) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const length = Number(request.headers['content-length']);
      const report = await jobs
        .importStream(request.raw, Number.isFinite(length) && length > 0 ? length : null, {
          arrival: request.query.arrival ?? 'pending',
          acceptUntrusted: request.query.acceptUntrusted ?? false,
          source: 'upload',
        })
        .catch((error: unknown) => {
          // A refused pack may not have been read to its end: drain it so the client reads the answer.
          request.raw.resume();
          throw error;
        });
      request.log.info({ adminId: request.viewer?.id, packId: report.packId, added: report.added, updated: report.updated }, 'sincronización: paquete importado');
      return report;
    },
  );

  app.post('/v2/admin/sync/import-usb-library', { schema: { body: SyncUsbLibraryBodySchema, response: { 202: SyncJobAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const { drive, name, categoryId, arrival } = request.body;
    if (categoryId != null && CategoryTree.load(db, request.viewer).get(categoryId) === null) {
      throw new AppError('VALIDATION', { field: 'body.categoryId', reason: 'La categoría no existe' }, 'La categoría no existe');
    }
    const job = jobs.startUsbLibrary(drive, name, { categoryId: categoryId ?? null, arrival: arrival ?? 'pending' });
    request.log.info({ adminId: request.viewer?.id, drive, name }, 'sincronización: biblioteca ZIM desde USB');
    return reply.code(202).send({ job });
  });

  app.post('/v2/admin/sync/import-usb', { schema: { body: SyncUsbImportBodySchema, response: { 202: SyncJobAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const { drive, name, arrival, acceptUntrusted } = request.body;
    const job = jobs.startUsbImport(drive, name, { arrival: arrival ?? 'pending', acceptUntrusted: acceptUntrusted ?? false });
    request.log.info({ adminId: request.viewer?.id, drive, name }, 'sincronización: importación desde USB');
    return reply.code(202).send({ job });
  });
}

/** Whom the kit trusts: publishers' keys, and the enrolment tokens its kits may show (docs/SYNC.md). */
function trustRoutes(app: SyncApp, key: KitKey): void {
  const { db } = app;
  app.post('/v2/admin/sync/keys', { schema: { body: TrustedKeyBodySchema, response: { 201: TrustedKeySchema, ...ErrorResponses } } }, async (request, reply) => {
    const trusted = trustPublisher(db, request.body.publicKey, request.body.label, request.viewer?.id ?? null);
    request.log.info({ adminId: request.viewer?.id, keyId: trusted.keyId }, 'sincronización: editor de confianza agregado');
    return reply.code(201).send(trusted);
  });

  app.delete('/v2/admin/sync/keys/:keyId', { schema: { params: TrustedKeyParamsSchema, response: { 204: Type.Null(), ...ErrorResponses } } }, async (request, reply) => {
    distrustPublisher(db, request.params.keyId);
    request.log.info({ adminId: request.viewer?.id, keyId: request.params.keyId }, 'sincronización: editor de confianza quitado');
    return reply.code(204).send(null);
  });

  // Enrolment tokens (docs/SYNC.md): kits that show one are trusted without a key copied by hand.
  app.get('/v2/admin/sync/enrolment-tokens', { schema: { response: { 200: EnrolmentTokenListSchema, ...ErrorResponses } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { tokens: listEnrolmentTokens(db) };
  });

  app.post('/v2/admin/sync/enrolment-tokens', { schema: { body: CreateEnrolmentTokenSchema, response: { 201: CreatedEnrolmentTokenSchema, ...ErrorResponses } } }, async (request, reply) => {
    const created = createEnrolmentToken(db, { key, domain: app.hubCertificates?.domain ?? null }, request.body, request.viewer?.id ?? null);
    // Never the text: it is the secret.
    request.log.info({ adminId: request.viewer?.id, tokenId: created.token.id, uses: created.token.usesTotal }, 'sincronización: código de inscripción creado');
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });

  app.delete('/v2/admin/sync/enrolment-tokens/:id', { schema: { params: EnrolmentTokenParamsSchema, response: { 204: Type.Null(), ...ErrorResponses } } }, async (request, reply) => {
    revokeToken(db, request.params.id);
    request.log.info({ adminId: request.viewer?.id, tokenId: request.params.id }, 'sincronización: código de inscripción anulado');
    return reply.code(204).send(null);
  });
}

/** The hub: sync now, its addresses and schedule, publishing this kit's feed. */
function hubRoutes(app: SyncApp, jobs: SyncJobs, automatic: AutomaticSync): void {
  const { db } = app;
  app.post('/v2/admin/sync/now', { schema: { body: SyncNowBodySchema, response: { 202: SyncJobAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const { job, done } = jobs.startPull(request.body.arrival ?? 'pending');
    done.catch(() => undefined);
    request.log.info({ adminId: request.viewer?.id }, 'sincronización: sincronizar ahora');
    return reply.code(202).send({ job });
  });

  app.put('/v2/admin/sync/settings', { schema: { body: UpdateSyncSettingsSchema, response: { 200: SyncSettingsSchema, ...ErrorResponses } } }, async (request) => {
    const saved = saveHubSettings(db, request.body);
    automatic.schedule.apply();
    request.log.info({ adminId: request.viewer?.id, ...saved }, 'sincronización: centro configurado');
    return saved;
  });

  app.post('/v2/admin/sync/publish', { schema: { response: { 202: SyncJobAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const job = jobs.startPublish();
    request.log.info({ adminId: request.viewer?.id }, 'sincronización: publicar índice');
    return reply.code(202).send({ job });
  });
}

/** Backup and restore of the whole kit (/admin/data): one job at a time with the packs. */
function backupRoutes(app: SyncApp, jobs: SyncJobs): void {
  const { config } = app;
  app.post('/v2/admin/data/backup', { schema: { body: BackupBodySchema, response: { 202: SyncJobAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const job = startBackupJob(jobs, request.body?.drive ?? null);
    request.log.info({ adminId: request.viewer?.id, drive: request.body?.drive ?? null }, 'datos: copia de seguridad');
    return reply.code(202).send({ job });
  });

  app.get('/v2/admin/data/backups/:backupId', { schema: { params: BackupParamsSchema } }, async (request, reply) => {
    const { backupId } = request.params;
    const stamp = new Date().toISOString().slice(0, 10);
    return sendFinished(reply, path.join(backupsDir(config.dataDir), `${backupId}.${BACKUP_EXTENSION}`), `kitportal-${config.kitHostname}-${stamp}.${BACKUP_EXTENSION}`, 'BACKUP_NOT_FOUND');
  });

  app.post('/v2/admin/data/restore-usb', { schema: { body: RestoreUsbBodySchema, response: { 200: RestoreResultSchema, ...ErrorResponses } } }, async (request) => {
    if (jobs.current?.state === 'running') throw new AppError('SYNC_BUSY');
    const { file } = findFileOnDrive(findDrive(jobs.drives(), request.body.drive), 'backups', request.body.name);
    const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    const staged = await stageRestore(jobs.ctx, source).finally(() => source.destroy());
    request.log.warn({ adminId: request.viewer?.id, backupCreatedAt: staged.createdAt }, 'datos: restauración desde USB verificada; se aplica al reiniciar');
    return restoreAnswer(staged.createdAt);
  });

  app.post('/v2/admin/data/restore', { bodyLimit: Number.MAX_SAFE_INTEGER, schema: { response: { 200: RestoreResultSchema, ...ErrorResponses } } }, async (request) => {
    if (request.headers['content-type']?.split(';')[0]?.trim() !== PACK_CONTENT_TYPE) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const staged = await stageRestore(jobs.ctx, request.raw).catch((error: unknown) => {
      request.raw.resume();
      throw error;
    });
    request.log.warn({ adminId: request.viewer?.id, backupCreatedAt: staged.createdAt }, 'datos: restauración verificada; se aplica al reiniciar');
    return restoreAnswer(staged.createdAt);
  });
}

/** A finished export or backup as a download; its name was built from a validated id. */
function sendFinished(reply: FastifyReply, file: string, name: string, missing: 'SYNC_PACK_NOT_FOUND' | 'BACKUP_NOT_FOUND') {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new AppError(missing);
  }
  return fileAnswerHeaders(reply)
    .header('content-type', PACK_CONTENT_TYPE)
    .header('content-length', size)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(fs.createReadStream(file));
}
