import type { Rendition, RenditionJob, ResourceRenditions } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { mediaUrl } from '../../media/media-url.ts';
import { findJob, findJobs, findRenditions, type DbJob, type DbRendition } from './renditions.repo.ts';

/** What the answers need of a resource to say what phone copies it has. */
export interface RenditionsOwner {
  media_sha256: string | null;
  cover_sha256: string | null;
}

const isUnderWay = (job: DbJob | undefined): boolean => job?.state === 'pending' || job?.state === 'running';

function toWire(r: DbRendition): Rendition {
  return { kind: r.kind, url: mediaUrl(r.media_sha256, r.ext), mime: r.mime, width: r.width, height: r.height, bitrate: r.bitrate, bytes: r.size };
}

/** A job as its owner and admins follow it: under way or failed (with why); a finished one is not news. */
export function toWireJob(job: DbJob | undefined): RenditionJob | null {
  if (!job || job.state === 'done') return null;
  return { kind: job.kind, state: job.state, progress: job.progress, code: job.error_code, reason: job.error_message };
}

/**
 * A resource's phone copies for its page: none while a job will still make
 * them; the poster only when the resource has no cover of its own. `readsJob`:
 * the caller is the owner or an admin, who follows the job.
 */
export function renditionsOf(db: Db, resource: RenditionsOwner, readsJob: boolean): ResourceRenditions {
  const sha = resource.media_sha256;
  if (sha === null) return { renditions: [], renditionsPending: false, renditionJob: null };
  const job = findJob(db, sha);
  const pending = isUnderWay(job);
  const renditions = pending
    ? []
    : findRenditions(db, [sha])
        .filter((r) => r.kind !== 'poster' || resource.cover_sha256 === null)
        .map(toWire);
  return { renditions, renditionsPending: pending, renditionJob: readsJob ? toWireJob(job) : null };
}

/** The jobs of many files at once (the admin and owner lists), by source file. */
export function jobsBySource(db: Db, shas: readonly (string | null)[]): Map<string, DbJob> {
  const wanted = [...new Set(shas.filter((s): s is string => s !== null))];
  return new Map(findJobs(db, wanted).map((j) => [j.source_sha256, j]));
}
