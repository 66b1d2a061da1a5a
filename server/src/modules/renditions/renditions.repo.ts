import { RESOURCE_TYPES, type RenditionKind } from '@kit/contract';
import { JOB_COLUMNS, type DbJob, type JobKind } from '../../catalog/phone-copies.repo.ts';
import type { Db } from '../../db/connection.ts';

/*
 * Writing the phone copies (migration 0011): the job queue, one row per source
 * file, and the copies themselves, one row per source and kind. Reading them
 * is the catalog's (catalog/phone-copies.repo.ts), as the pages read them.
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/*
 * Which files get a job: the file of a picture, video or sound resource (any
 * status), by what its bytes are (the media row's type): pictures, videos and
 * sounds. Its kind follows that type too.
 */
const QUEUE_SELECT = `
  SELECT m.sha256, CASE WHEN m.mime LIKE 'video/%' THEN 'video' WHEN m.mime LIKE 'audio/%' THEN 'audio' ELSE 'image' END, 'pending'
  FROM media m
  WHERE (m.mime LIKE 'video/%' OR m.mime LIKE 'audio/%' OR m.mime LIKE 'image/%')
    AND EXISTS (SELECT 1 FROM resources r WHERE r.media_sha256 = m.sha256 AND r.type_code IN (${RESOURCE_TYPES.IMAGE}, ${RESOURCE_TYPES.VIDEO}, ${RESOURCE_TYPES.AUDIO}))
    AND NOT EXISTS (SELECT 1 FROM rendition_jobs j WHERE j.source_sha256 = m.sha256)`;

/** Queues a job for one file, if it is one that gets a job and has none yet. */
export function queueJob(db: Db, sha256: string): boolean {
  return db.prepare(`INSERT INTO rendition_jobs (source_sha256, kind, state) ${QUEUE_SELECT} AND m.sha256 = ?`).run(sha256).changes > 0;
}

/** Queues a job for every library file that should have one and has none (a library from before, an import). */
export function queueMissingJobs(db: Db): number {
  return db.prepare(`INSERT INTO rendition_jobs (source_sha256, kind, state) ${QUEUE_SELECT}`).run().changes;
}

/*
 * A job's owner: whoever brought the file, the owner of the first resource
 * that uses it (NULL, one more "owner", for files whose resources have none).
 * What each owner had of the worker in the last day: when their last job
 * started, and for how many seconds their jobs ran.
 */
const OWNED = `
  SELECT j.source_sha256, (SELECT r.user_id FROM resources r WHERE r.media_sha256 = j.source_sha256 ORDER BY r.id LIMIT 1) AS owner,
         j.started_at, j.finished_at, j.state
  FROM rendition_jobs j`;
const SERVED = `
  SELECT owner, MAX(started_at) AS last_start,
         SUM((julianday(CASE WHEN state = 'running' OR finished_at IS NULL THEN 'now' ELSE finished_at END) - julianday(started_at)) * 86400) AS used
  FROM owned WHERE started_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day') GROUP BY owner`;

/**
 * The next job, fair between the people who brought files: owners over
 * `budgetSeconds` of work in the last day wait behind everyone else; then
 * round-robin, the owner served longest ago (or never) first; and within an
 * owner, pictures and sounds (seconds each) before videos, in the order they
 * came. One person's hundred uploads do not hold up another's one.
 */
export function nextPendingJob(db: Db, budgetSeconds: number): DbJob | undefined {
  return db
    .prepare<[number], DbJob>(
      `WITH owned AS (${OWNED}), served AS (${SERVED})
       SELECT ${JOB_COLUMNS.split(', ').map((c) => `j.${c}`).join(', ')}
       FROM rendition_jobs j JOIN owned o ON o.source_sha256 = j.source_sha256 LEFT JOIN served s ON s.owner IS o.owner
       WHERE j.state = 'pending'
       ORDER BY COALESCE(s.used, 0) >= ?, s.last_start IS NOT NULL, s.last_start, j.kind = 'video', j.queued_at
       LIMIT 1`,
    )
    .get(budgetSeconds);
}

export function runningJobs(db: Db): DbJob[] {
  return db.prepare<[], DbJob>(`SELECT ${JOB_COLUMNS} FROM rendition_jobs WHERE state = 'running'`).all();
}

/** A start is counted before the work, so a job that keeps taking the kit down is noticed after a restart. */
export function markRunning(db: Db, sha256: string, workDir: string): void {
  db.prepare(`UPDATE rendition_jobs SET state = 'running', attempts = attempts + 1, progress = 0, pid = NULL, work_dir = ?, started_at = ${NOW} WHERE source_sha256 = ?`).run(workDir, sha256);
}

export function setJobPid(db: Db, sha256: string, pid: number): void {
  db.prepare('UPDATE rendition_jobs SET pid = ? WHERE source_sha256 = ?').run(pid, sha256);
}

export function setJobProgress(db: Db, sha256: string, progress: number): void {
  db.prepare("UPDATE rendition_jobs SET progress = ? WHERE source_sha256 = ? AND state = 'running'").run(progress, sha256);
}

/** Back in the queue, unchanged otherwise (a job cut by a restart or put off while pictures are busy); `attempts` lowered when the start should not count. */
export function markPending(db: Db, sha256: string, uncount = false): void {
  db.prepare(`UPDATE rendition_jobs SET state = 'pending', progress = 0, pid = NULL, work_dir = NULL, attempts = attempts - ? WHERE source_sha256 = ?`).run(uncount ? 1 : 0, sha256);
}

export function markDone(db: Db, sha256: string): void {
  db.prepare(`UPDATE rendition_jobs SET state = 'done', progress = 100, pid = NULL, work_dir = NULL, error_code = NULL, error_message = NULL, finished_at = ${NOW} WHERE source_sha256 = ?`).run(sha256);
}

export function markFailed(db: Db, sha256: string, code: string, message: string): void {
  db.prepare(`UPDATE rendition_jobs SET state = 'failed', pid = NULL, work_dir = NULL, error_code = ?, error_message = ?, finished_at = ${NOW} WHERE source_sha256 = ?`).run(code, message, sha256);
}

/** A failed job back at the end of the queue, its count of starts reset; false when it had not failed. */
export function retryFailedJob(db: Db, sha256: string): boolean {
  return (
    db
      .prepare(
        `UPDATE rendition_jobs SET state = 'pending', progress = 0, attempts = 0, error_code = NULL, error_message = NULL, finished_at = NULL, queued_at = ${NOW}
         WHERE source_sha256 = ? AND state = 'failed'`,
      )
      .run(sha256).changes > 0
  );
}

/** A job whose copies arrived ready-made (a pack from a hub): nothing left to do here. */
export function recordDoneJob(db: Db, sha256: string, kind: JobKind): void {
  db.prepare(
    `INSERT INTO rendition_jobs (source_sha256, kind, state, progress, finished_at) VALUES (?, ?, 'done', 100, ${NOW})
     ON CONFLICT (source_sha256) DO UPDATE SET state = 'done', progress = 100, pid = NULL, work_dir = NULL, error_code = NULL, error_message = NULL, finished_at = excluded.finished_at`,
  ).run(sha256, kind);
}

export interface NewRendition {
  source_sha256: string;
  kind: RenditionKind;
  media_sha256: string;
  width: number | null;
  height: number | null;
  bitrate: number | null;
}

/** Records a copy (replacing one of the same kind); returns the file the replaced one used, if another. */
export function saveRendition(db: Db, r: NewRendition): string | null {
  const before = db
    .prepare<[string, string], { media_sha256: string }>('SELECT media_sha256 FROM renditions WHERE source_sha256 = ? AND kind = ?')
    .get(r.source_sha256, r.kind);
  db.prepare(
    `INSERT INTO renditions (source_sha256, kind, media_sha256, width, height, bitrate) VALUES (@source_sha256, @kind, @media_sha256, @width, @height, @bitrate)
     ON CONFLICT (source_sha256, kind) DO UPDATE SET media_sha256 = excluded.media_sha256, width = excluded.width, height = excluded.height, bitrate = excluded.bitrate`,
  ).run(r);
  return before && before.media_sha256 !== r.media_sha256 ? before.media_sha256 : null;
}

/** Whether the kit has this source's copies already (its job is done). */
export function hasDoneJob(db: Db, sha256: string): boolean {
  return db.prepare("SELECT 1 FROM rendition_jobs WHERE source_sha256 = ? AND state = 'done'").get(sha256) !== undefined;
}
