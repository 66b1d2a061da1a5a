import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isDamagedFileCode } from '../../catalog/phone-copies.ts';
import { holdBack } from '../../catalog/resources.repo.ts';
import type { DbJob } from '../../catalog/phone-copies.repo.ts';
import type { Db } from '../../db/connection.ts';
import { ensureDiskSpace, isDiskFullError, type DiskRoom } from '../../disk-space.ts';
import { AppError, ERRORS, type ErrorCode } from '../../errors.ts';
import { findMedia } from '../../media/media-access.repo.ts';
import { mediaPath, tmpDir } from '../../media/store.ts';
import { makeAudio } from './audio.ts';
import { makeImage } from './image.ts';
import type { MediaInput } from './input.ts';
import type { MadeRendition, MakeContext } from './made.ts';
import {
  markFailed,
  markPending,
  markRunning,
  nextPendingJob,
  queueJob,
  queueMissingJobs,
  retryFailedJob,
  runningJobs,
  setJobPid,
  setJobProgress,
} from './renditions.repo.ts';
import { killGroup, RunAborted } from './run-tool.ts';
import { storeRenditions } from './store-renditions.ts';
import { findTools, type Tools } from './tools.ts';
import { makeVideo } from './video.ts';

/** Starts a job may have before it is given up: a file that takes the kit down each time must not do so forever. */
export const MAX_ATTEMPTS = 3;
/** An encoder that writes no progress for this long is hung (a Pi decodes even 4K faster than a frame a minute). */
const STALL_SECONDS = 120;
/** How long a job waits when the picture library is busy with people's uploads. */
const BUSY_RETRY_MS = 5_000;
/** The reason owners and admins read on a resource taken off the library because its file cannot be read. */
const heldBackReason = (why: string): string => `Retirado de la biblioteca: ${why}. Súbelo otra vez desde el original`;
/** Progress is written in steps this big (a write per step, not per frame). */
const PROGRESS_STEP = 5;
/** An owner whose jobs ran this long in the last day waits behind everyone else's (renditions.repo.ts nextPendingJob). */
export const OWNER_DAY_BUDGET_SECONDS = 2 * 3600;
/** How often a running job checks that its file is still in the library (a deleted draft ends its encoder). */
const GONE_CHECK_MS = 1_000;

export interface QueueOptions {
  /** false: nothing is queued or run (KIT_RENDITIONS=false) */
  enabled: boolean;
  /** ffmpeg threads per job; 0: one fewer than the cores, at most 2 */
  threads: number;
  log: FastifyBaseLogger;
  /** tests: a shorter stall bound */
  stallSeconds?: number;
  /** tests: other programs */
  tools?: Tools;
}

/** ffmpeg's threads for a job: room left for the server on a small machine. */
export const jobThreads = (configured: number): number => configured > 0 ? configured : Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * The durable queue of phone copies (docs/API-library.md "Phone copies"):
 * jobs live in SQLite (rendition_jobs) and run one at a time, fair between
 * owners, in the background, at the lowest CPU and disk priority, each
 * bounded in time, memory and threads (bounds.ts, run-tool.ts) and ended
 * as soon as its file leaves the library. A job cut by a crash, a kill or a
 * power cut is started again after the next start; its encoder, if it
 * outlived the server, is ended first.
 * Doors that bring a library file call prepare() (uploads) or catchUp()
 * (imports); catchUp() at start covers every file from before.
 */
export class RenditionQueue {
  readonly #db: Db;
  readonly #dataDir: string;
  readonly #room: DiskRoom;
  readonly #options: QueueOptions;
  readonly #tools: Tools;
  readonly #threads: number;
  readonly #closing = new AbortController();
  #wake: (() => void) | null = null;
  #loop: Promise<void> | null = null;
  #idle: Array<() => void> = [];

  constructor(db: Db, room: DiskRoom, options: QueueOptions) {
    this.#db = db;
    this.#dataDir = room.dataDir;
    this.#room = room;
    this.#options = options;
    this.#tools = options.tools ?? findTools();
    this.#threads = jobThreads(options.threads);
  }

  get enabled(): boolean {
    return this.#options.enabled;
  }

  /** After a restart: orphan encoders ended, cut jobs queued again (or given up), missing jobs queued, the worker started. */
  start(): void {
    if (!this.enabled) return;
    this.#recover();
    this.catchUp();
    if (!this.#tools.ffmpeg) this.#options.log.warn('falta ffmpeg: los videos y sonidos no tendrán copia para teléfonos');
    if (!this.#tools.prlimit) this.#options.log.warn('falta prlimit: ffmpeg correrá sin límite de memoria');
    this.#loop = this.#run();
  }

  /** A library file arrived (an upload): its copies are prepared, once. */
  prepare(sha256: string): void {
    if (!this.enabled) return;
    if (queueJob(this.#db, sha256)) this.#kick();
  }

  /** Every library file without a job gets one (at start, after a pack import or a hub pull). */
  catchUp(): number {
    if (!this.enabled) return 0;
    const queued = queueMissingJobs(this.#db);
    if (queued > 0) this.#kick();
    return queued;
  }

  /** An admin's retry of a failed job; false when it had not failed. */
  retry(sha256: string): boolean {
    const again = retryFailedJob(this.#db, sha256);
    if (again) this.#kick();
    return again;
  }

  /** Resolves once no job is pending or running (tests, the bench). */
  whenIdle(): Promise<void> {
    if (!this.#loop) return Promise.resolve();
    return new Promise((resolve) => {
      this.#idle.push(resolve);
      this.#kick();
    });
  }

  /** The server closes: the running job's encoder is killed and the job waits for the next start. */
  async close(): Promise<void> {
    this.#closing.abort();
    this.#kick();
    await this.#loop;
  }

  #kick(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  #recover(): void {
    for (const job of runningJobs(this.#db)) {
      // Only a process still running this job's command (its folder is in the command line) is ended.
      if (job.pid !== null && job.work_dir !== null && commandLineOf(job.pid).includes(job.work_dir)) killGroup(job.pid);
      if (job.attempts >= MAX_ATTEMPTS) this.#fail(job, new AppError('RENDITION_INTERRUPTED'));
      else markPending(this.#db, job.source_sha256);
    }
  }

  async #run(): Promise<void> {
    while (!this.#closing.signal.aborted) {
      const job = nextPendingJob(this.#db, OWNER_DAY_BUDGET_SECONDS);
      if (!job) {
        for (const resolve of this.#idle.splice(0)) resolve();
        await new Promise<void>((resolve) => (this.#wake = resolve));
        continue;
      }
      try {
        await this.#work(job);
      } catch (error) {
        this.#options.log.error({ err: error, sha256: job.source_sha256 }, 'tarea de copia para teléfonos');
      }
    }
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  async #work(job: DbJob): Promise<void> {
    const sha = job.source_sha256;
    const media = findMedia(this.#db, sha);
    if (!media) return; // deleted meanwhile: its job went with it
    const workDir = path.join(tmpDir(this.#dataDir), `rendition-${sha}`);
    await fs.promises.rm(workDir, { recursive: true, force: true });
    await fs.promises.mkdir(workDir, { recursive: true });
    markRunning(this.#db, sha, workDir);
    this.#options.log.info({ sha256: sha, kind: job.kind }, 'preparando copia para teléfonos');
    let shown = 0;
    // The file deleted meanwhile (its draft, its resource): its job went with its row, and its encoder is ended.
    const gone = new AbortController();
    const watch = setInterval(() => {
      if (!findMedia(this.#db, sha)) gone.abort();
    }, GONE_CHECK_MS);
    watch.unref();
    const ctx: MakeContext = {
      tools: this.#tools,
      workDir,
      threads: this.#threads,
      stallSeconds: this.#options.stallSeconds ?? STALL_SECONDS,
      signal: AbortSignal.any([this.#closing.signal, gone.signal]),
      onProgress: (fraction) => {
        const percent = Math.floor((fraction * 100) / PROGRESS_STEP) * PROGRESS_STEP;
        if (percent > shown && percent < 100) {
          shown = percent;
          setJobProgress(this.#db, sha, percent);
        }
      },
      onStart: (pid) => setJobPid(this.#db, sha, pid),
    };
    try {
      // A copy is at most as big as its original: that much room beside the disk's reserve, or the job fails as RENDITION_NO_SPACE.
      ensureDiskSpace(this.#room, media.size);
      const made = await this.#make(job, ctx, { file: mediaPath(this.#dataDir, media.sha256, media.ext), mime: media.mime }, media.size);
      await storeRenditions(this.#db, this.#dataDir, sha, made);
      this.#options.log.info({ sha256: sha, made: made.map((m) => m.kind) }, 'copia para teléfonos lista');
    } catch (error) {
      if (gone.signal.aborted && !this.#closing.signal.aborted) {
        this.#options.log.info({ sha256: sha }, 'archivo borrado: copia para teléfonos detenida');
      } else if (error instanceof RunAborted || this.#closing.signal.aborted) {
        markPending(this.#db, sha, true);
      } else if (error instanceof AppError && error.code === 'UNAVAILABLE') {
        // The picture library is busy with people's uploads: they go first.
        markPending(this.#db, sha, true);
        await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS).unref());
      } else {
        this.#fail(job, error);
      }
    } finally {
      clearInterval(watch);
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  }

  #make(job: DbJob, ctx: MakeContext, source: MediaInput, bytes: number): Promise<MadeRendition[]> {
    if (job.kind === 'image') return makeImage(source.file, bytes, ctx.workDir);
    if (!this.#tools.ffmpeg || !this.#tools.ffprobe) throw new AppError('RENDITION_NO_TOOL');
    if (job.kind === 'audio') return makeAudio(ctx, source, bytes);
    return makeVideo(ctx, source, bytes);
  }

  #fail(job: DbJob, error: unknown): void {
    const known = error instanceof AppError && error.code.startsWith('RENDITION_');
    const full = isDiskFullError(error);
    const code: ErrorCode = known ? error.code : full ? 'RENDITION_NO_SPACE' : 'RENDITION_FAILED';
    if (!known && !full) this.#options.log.warn({ err: error, sha256: job.source_sha256 }, 'copia para teléfonos fallida');
    markFailed(this.#db, job.source_sha256, code, ERRORS[code].message);
    if (isDamagedFileCode(code)) {
      const held = holdBack(this.#db, { mediaSha256: job.source_sha256 }, heldBackReason(ERRORS[code].message), 'published');
      if (held > 0) this.#options.log.warn({ sha256: job.source_sha256, code, resources: held }, 'archivo dañado: recursos retirados de la biblioteca');
    }
  }
}

/** A process's command line, or '' when it is gone (or not ours to read). */
function commandLineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
