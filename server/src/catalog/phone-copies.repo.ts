import type { RENDITION_JOB_KINDS, RenditionKind } from '@kit/contract';
import type { Db } from '../db/connection.ts';
import { prepared } from '../db/statements.ts';

/*
 * Reading the phone copies (migration 0011): the job queue, one row per
 * source file, and the copies themselves, one row per source and kind. The
 * renditions feature writes them (its queue); the resource page, the managed
 * lists and pack export read them here.
 */

export type JobKind = (typeof RENDITION_JOB_KINDS)[number];
export type JobState = 'pending' | 'running' | 'done' | 'failed';

export interface DbJob {
  source_sha256: string;
  kind: JobKind;
  state: JobState;
  progress: number;
  attempts: number;
  pid: number | null;
  work_dir: string | null;
  error_code: string | null;
  error_message: string | null;
}

/** The columns of a DbJob, for the queue's own reads too. */
export const JOB_COLUMNS = 'source_sha256, kind, state, progress, attempts, pid, work_dir, error_code, error_message';

export function findJob(db: Db, sha256: string): DbJob | undefined {
  return prepared<[string], DbJob>(db, `SELECT ${JOB_COLUMNS} FROM rendition_jobs WHERE source_sha256 = ?`).get(sha256);
}

export function findJobs(db: Db, shas: readonly string[]): DbJob[] {
  if (shas.length === 0) return [];
  return db
    .prepare<[string], DbJob>(`SELECT ${JOB_COLUMNS} FROM rendition_jobs WHERE source_sha256 IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(shas));
}

export interface DbRendition {
  source_sha256: string;
  kind: RenditionKind;
  media_sha256: string;
  ext: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  bitrate: number | null;
}

const RENDITION_SELECT = `
  SELECT d.source_sha256, d.kind, d.media_sha256, m.ext, m.mime, m.size, d.width, d.height, d.bitrate
  FROM renditions d JOIN media m ON m.sha256 = d.media_sha256`;

/** The copies of these source files, in a stable order (video, image, audio, poster). */
export function findRenditions(db: Db, shas: readonly string[]): DbRendition[] {
  if (shas.length === 0) return [];
  return prepared<[string], DbRendition>(
    db,
    `${RENDITION_SELECT} WHERE d.source_sha256 IN (SELECT value FROM json_each(?))
     ORDER BY d.source_sha256, CASE d.kind WHEN 'video' THEN 0 WHEN 'image' THEN 1 WHEN 'audio' THEN 2 ELSE 3 END`,
  ).all(JSON.stringify(shas));
}
