import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { SyncJob, SyncStatus, TrustedKey } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { asDiskFull, ensureDiskSpace } from '../../disk-space.ts';
import { AppError } from '../../errors.ts';
import { publishFeed } from './hub-feed.ts';
import { backupBytesOnDataDisk, writeBackup } from './kit-backup.ts';
import { pullFromHub } from './hub-pull.ts';
import { sendReport } from './hub-report.ts';
import { enrolWithToken, signedEnrolment } from './enrolment-kit.ts';
import { enrolmentAnswers } from './enrolment-hub.ts';
import { planPack, rememberExport, writePackFile } from './pack-export.ts';
import { PACK_EXTENSION } from './pack-format.ts';
import { importPack, type ImportOptions, type ImportReport } from './pack-import.ts';
import type { AutomaticSyncOptions } from './automatic-sync.ts';
import type { LastPull, SyncContext } from './sync-context.ts';
import { certificateRequest as kitCertificateRequest } from './certificates-kit.ts';
import { keyIdOf, parsePublicKey } from './sync-keys.ts';
import { addTrustedKey, markInterruptedImports, readHubState, recentImports, removeTrustedKey, trustedKeys, writeHubState } from './sync.repo.ts';
import { bringLibraryFile, type LibraryImport } from './usb-libraries.ts';
import { DRIVE_FOLDER, findDrive, findFileOnDrive, listDrives } from './usb-drives.ts';

export interface SyncOptions extends AutomaticSyncOptions {
  /** the kernel's mount table (tests point it at a fixture) */
  mountsFile?: string;
}

export const exportsDir = (dataDir: string): string => path.join(dataDir, 'sync', 'exports');

/**
 * One sync job at a time (export, import, hub pull or publish): they all
 * write to the same disk, and a Pi has little I/O to share. The page polls
 * the job for its progress bar; the last finished job stays to be shown.
 */
export class SyncJobs {
  readonly ctx: SyncContext;
  #current: SyncJob | null = null;
  #seq = 0;
  constructor(ctx: SyncContext) {
    this.ctx = ctx;
  }

  get current(): SyncJob | null {
    const job = this.#current;
    if (!job) return null;
    const elapsed = (Date.now() - Date.parse(job.startedAt)) / 1000;
    const eta = job.state === 'running' && job.bytesTotal && job.bytesDone > 0 ? Math.round((elapsed / job.bytesDone) * (job.bytesTotal - job.bytesDone)) : null;
    return { ...job, etaSeconds: eta };
  }

  drives() {
    return listDrives(this.ctx.mountsFile, this.ctx.usbRoot);
  }

  /** Starts `work` as the job; refused while another one runs. Resolves when it ends. */
  run<T>(kind: SyncJob['kind'], bytesTotal: number | null, work: (job: SyncJob) => Promise<T>, finish: (job: SyncJob, result: T) => void): { job: SyncJob; done: Promise<T> } {
    if (this.#current?.state === 'running') throw new AppError('SYNC_BUSY');
    const job: SyncJob = {
      id: ++this.#seq,
      kind,
      state: 'running',
      bytesDone: 0,
      bytesTotal,
      etaSeconds: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      message: null,
      errorCode: null,
      report: null,
      download: null,
    };
    this.#current = job;
    const done = work(job).then(
      (result) => {
        job.state = 'done';
        job.finishedAt = new Date().toISOString();
        finish(job, result);
        if (kind === 'import' || kind === 'pull') this.ctx.onFilesArrived();
        return result;
      },
      (cause: unknown) => {
        // A write the full disk cut is the kit being out of space, not a fault of the job.
        const error = asDiskFull(cause);
        job.state = 'failed';
        job.finishedAt = new Date().toISOString();
        job.errorCode = error instanceof AppError ? error.code : 'INTERNAL';
        job.message = error instanceof AppError ? error.message : 'Ha ocurrido un error';
        if (!(error instanceof AppError)) this.ctx.log.error({ err: error, kind }, 'sincronización: el trabajo falló');
        throw error;
      },
    );
    return { job, done };
  }

  /**
   * Exports to the kit's own folder (then downloaded) or to a drive's
   * kitportal/ folder. Packs carry certificates for kits that come by USB
   * (docs/HTTPS.md): this kit's request when it wants one, and, from a hub
   * that issues them, its answers to every kit; `certificatesOnly`: only those.
   */
  async startExport(categoryIds: readonly number[] | null, drivePath: string | null, certificatesOnly = false): Promise<SyncJob> {
    const { db, dataDir, key, kitName, hubCertificates } = this.ctx;
    if (this.#current?.state === 'running') throw new AppError('SYNC_BUSY');
    const { enrolmentToken } = this.ctx;
    // A kit with a token exports its enrolment and request alone, to take to its hub by USB (docs/SYNC.md, "Enrolment tokens").
    if (certificatesOnly && hubCertificates === null && enrolmentToken === null) throw new AppError('CERT_NOT_ISSUING');
    const scope = certificatesOnly ? [] : categoryIds === null ? null : globalIdsOf(db, categoryIds);
    const certificateRequest = certificatesOnly && hubCertificates !== null ? null : await kitCertificateRequest(this.ctx);
    const plan = planPack(db, key, kitName, scope, null, {
      ...(certificateRequest ? { certificateRequest } : {}),
      // Only in the pack for the hub: the enrolment holds the token's secret, and content packs go to other kits.
      ...(certificatesOnly && enrolmentToken !== null ? { enrolment: signedEnrolment(this.ctx, enrolmentToken) } : {}),
      ...(hubCertificates ? { certificates: hubCertificates.answers(), enrolmentAnswers: enrolmentAnswers(db, { key, domain: hubCertificates.domain }) } : {}),
    });
    const stamp = plan.manifest.createdAt.slice(0, 10);
    let target: string;
    if (drivePath === null) {
      target = path.join(exportsDir(dataDir), `${plan.manifest.packId}.${PACK_EXTENSION}`);
    } else {
      const drive = findDrive(this.drives(), drivePath);
      target = path.join(drive.path, DRIVE_FOLDER, `kitportal-${kitName}-${stamp}-${plan.manifest.packId.slice(0, 8)}.${PACK_EXTENSION}`);
    }
    // To the kit's own folder it takes the data disk's room (an old export is deleted first, but may be downloading).
    if (drivePath === null) ensureDiskSpace(this.ctx, plan.totalBytes);
    const { job, done } = this.run(
      'export',
      plan.totalBytes,
      async (j) => {
        // Only the latest export waits to be downloaded.
        if (drivePath === null) fs.rmSync(exportsDir(dataDir), { recursive: true, force: true });
        await writePackFile(dataDir, plan, target, (n) => (j.bytesDone += n));
      },
      (j) => {
        j.message = certificatesOnly
          ? hubCertificates !== null
            ? `Paquete listo: certificados de ${plan.manifest.certificates?.length ?? 0} kits`
            : 'Paquete listo: la inscripción y la solicitud de certificado de este kit'
          : `Paquete listo: ${plan.manifest.resources.length} recursos, ${plan.manifest.files.length} archivos`;
        j.download = drivePath === null ? plan.manifest.packId : null;
      },
    );
    // Recorded with the request, not when the file is done: the kit's rows change only while an admin's call runs.
    rememberExport(db, plan);
    done.catch(() => undefined);
    return job;
  }

  /** Imports a pack from any stream; the job shows its progress and its report. */
  /** Async, so a busy refusal is a rejection too and the caller drains the upload. */
  async importStream(source: Readable, size: number | null, options: Omit<ImportOptions, 'onBytes'>): Promise<ImportReport> {
    return this.run(
      'import',
      size,
      (j) => importPack(this.ctx, source, { ...options, onBytes: (n) => (j.bytesDone += n) }),
      (j, report) => {
        j.report = report;
        j.message = 'Importación completada';
      },
    ).done;
  }

  startUsbImport(drivePath: string, name: string, options: Omit<ImportOptions, 'onBytes' | 'source'>): SyncJob {
    if (this.#current?.state === 'running') throw new AppError('SYNC_BUSY');
    const pack = findFileOnDrive(findDrive(this.drives(), drivePath), 'packs', name);
    const source = fs.createReadStream(pack.file, { highWaterMark: 256 * 1024 });
    this.importStream(source, pack.size, { ...options, source: 'usb' })
      .catch(() => undefined)
      .finally(() => source.destroy());
    return this.current as SyncJob;
  }

  /** A ZIM file on a drive becomes a «Biblioteca» resource (usb-libraries.ts); the job shows the copy's progress. */
  startUsbLibrary(drivePath: string, name: string, options: LibraryImport): SyncJob {
    if (this.#current?.state === 'running') throw new AppError('SYNC_BUSY');
    const zim = findFileOnDrive(findDrive(this.drives(), drivePath), 'libraries', name);
    // Refused before the job starts when it cannot fit beside the reserve.
    ensureDiskSpace(this.ctx, zim.size);
    const { done } = this.run(
      'import',
      zim.size,
      (j) => bringLibraryFile(this.ctx, zim.file, options, (n) => (j.bytesDone += n)),
      (j, library) => {
        j.message = `Biblioteca añadida: ${library.title}. Se está comprobando el archivo`;
      },
    );
    done.catch(() => undefined);
    return this.current as SyncJob;
  }

  /**
   * "Sincronizar ahora" and the schedule: this kit's report to the upload
   * endpoint first (it carries the certificate request, docs/HTTPS.md), then
   * new packs from the hub's feed. Each goes ahead whatever the other did: a
   * hub that has not published its feed still gets the report and answers
   * the request. The job fails with the feed's error, else the report's; the
   * result is kept for the page.
   */
  startPull(arrival: 'published' | 'pending'): { job: SyncJob; done: Promise<unknown> } {
    const { feedUrl, uploadUrl } = this.ctx;
    if (feedUrl === null && uploadUrl === null) throw new AppError('SYNC_HUB_NOT_CONFIGURED');
    // Each pack's room is checked before it downloads (hub-pull.ts); a disk already in its reserve takes none.
    if (feedUrl !== null) ensureDiskSpace(this.ctx);
    const remember = (ok: boolean, message: string) => writeHubState(this.ctx.db, 'lastPull', { at: new Date().toISOString(), ok, message } satisfies LastPull);
    const { job, done } = this.run(
      'pull',
      null,
      async (j) => {
        const reportError = uploadUrl === null ? null : await this.#enrolAndReport(uploadUrl).then(() => null, (error: unknown) => error);
        const pulled = feedUrl === null ? null : await pullFromHub(this.ctx, feedUrl, arrival, (total) => (j.bytesTotal = total), (n) => (j.bytesDone += n));
        if (reportError !== null) throw reportError;
        return pulled;
      },
      (j, pulled) => {
        j.report = pulled?.report ?? null;
        j.message = pulled === null || pulled.packs === 0 ? 'Sincronizado: no había paquetes nuevos' : `Sincronizado: ${pulled.packs} paquetes nuevos importados`;
        remember(true, j.message);
      },
    );
    return { job, done: done.catch((error: unknown) => {
      remember(false, error instanceof AppError ? error.message : 'Ha ocurrido un error');
      throw error;
    }) };
  }

  /** The report, after the kit's enrolment by token when it has one (a no-op once enrolled). */
  async #enrolAndReport(uploadUrl: string): Promise<void> {
    if (this.ctx.enrolmentToken !== null) await enrolWithToken(this.ctx, uploadUrl, this.ctx.enrolmentToken);
    await sendReport(this.ctx, uploadUrl);
  }

  startPublish(): SyncJob {
    const { job, done } = this.run(
      'publish',
      null,
      (j) => publishFeed(this.ctx, (total) => (j.bytesTotal = total), (n) => (j.bytesDone += n)),
      (j, entry) => {
        j.message = entry === null ? 'Nada nuevo que publicar' : `Publicado: ${entry.resources} recursos en un paquete ${entry.kind === 'full' ? 'completo' : 'de cambios'}`;
      },
    );
    done.catch(() => undefined);
    return job;
  }
}

/** A backup for download, or onto a drive's kitportal/ folder. */
export function startBackupJob(jobs: SyncJobs, drivePath: string | null): SyncJob {
  const folder = drivePath === null ? null : path.join(findDrive(jobs.drives(), drivePath).path, DRIVE_FOLDER);
  ensureDiskSpace(jobs.ctx, backupBytesOnDataDisk(jobs.ctx, folder === null));
  const { job, done } = jobs.run(
    'backup',
    null,
    (j) => writeBackup(jobs.ctx, folder, (total) => (j.bytesTotal = total), (n) => (j.bytesDone += n)),
    (j, backupId) => {
      j.message = folder === null ? 'Copia de seguridad lista' : 'Copia de seguridad guardada en la memoria USB';
      j.download = folder === null ? backupId : null;
    },
  );
  done.catch(() => undefined);
  return job;
}

function globalIdsOf(db: Db, ids: readonly number[]): string[] {
  const get = db.prepare('SELECT global_id FROM categories WHERE id = ?');
  return ids.map((id) => {
    const row = get.get(id) as { global_id: string } | undefined;
    if (!row) throw new AppError('SYNC_CATEGORY_NOT_FOUND', { id });
    return row.global_id;
  });
}

/** Imports a power cut ended half-way are marked failed at start (the library did not change); how many. */
export const endInterruptedImports = (db: Db): number => markInterruptedImports(db);

/** What the sync page shows of the kit's own records: trusted publishers, the last imports, the last hub pull. */
export function syncRecords(db: Db): Pick<SyncStatus, 'trustedKeys' | 'imports'> & { lastPull: LastPull | null } {
  return {
    trustedKeys: trustedKeys(db).map((k) => ({ keyId: k.key_id, publicKey: k.public_key, label: k.label, createdAt: k.created_at })),
    imports: recentImports(db, 10).map((r) => ({ id: r.id, packId: r.pack_id, source: r.source, status: r.status, message: r.message, startedAt: r.started_at, finishedAt: r.finished_at })),
    lastPull: readHubState<LastPull>(db, 'lastPull'),
  };
}

/** A publisher whose packs the kit takes without asking: the key as the admin pasted it, or 400 SYNC_KEY_INVALID. */
export function trustPublisher(db: Db, publicKeyText: string, label: string, addedBy: number | null): TrustedKey {
  const publicKey = parsePublicKey(publicKeyText);
  if (!publicKey) throw new AppError('SYNC_KEY_INVALID');
  const keyId = keyIdOf(publicKey);
  addTrustedKey(db, { keyId, publicKey, label: label.trim(), addedBy });
  const row = trustedKeys(db).find((k) => k.key_id === keyId);
  return { keyId, publicKey, label: row?.label ?? label, createdAt: row?.created_at ?? new Date().toISOString() };
}

export function distrustPublisher(db: Db, keyId: string): void {
  if (!removeTrustedKey(db, keyId)) throw new AppError('SYNC_KEY_NOT_FOUND');
}
