import type { Rendition, RenditionJob, ResourceRenditions } from '@kit/contract';
import type { Db } from '../db/connection.ts';
import { mediaUrl } from '../media/media-url.ts';
import { findJob, findJobs, findRenditions, type DbJob, type DbRendition } from './phone-copies.repo.ts';

/*
 * A resource's phone copies as its page and the managed lists answer them
 * (docs/API-library.md, "Phone copies"); the renditions feature makes them.
 */

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

/**
 * Failures of a phone copy that say the file cannot be read as its kind (damaged, cut short, no
 * picture in a "video", nothing in it), as opposed to the kit's own limits (time, memory, disk, tools).
 * Such a file is kept from the public: docs/API-library.md, "Phone copies".
 */
const DAMAGED_FILE_CODES: ReadonlySet<string> = new Set(['RENDITION_UNREADABLE', 'RENDITION_NO_VIDEO', 'RENDITION_NO_AUDIO', 'RENDITION_EMPTY', 'RENDITION_IMPLAUSIBLE']);

export const isDamagedFileCode = (code: string | null): boolean => code !== null && DAMAGED_FILE_CODES.has(code);

/** Why the file cannot be read as its kind, as its phone copy's job found out; null when nothing says so. */
export function damagedFileReason(db: Db, sha256: string | null): string | null {
  const job = sha256 === null ? undefined : findJob(db, sha256);
  return job?.state === 'failed' && isDamagedFileCode(job.error_code) ? job.error_message : null;
}

/** The jobs of many files at once (the admin and owner lists), by source file. */
export function jobsBySource(db: Db, shas: readonly (string | null)[]): Map<string, DbJob> {
  const wanted = [...new Set(shas.filter((s): s is string => s !== null))];
  return new Map(findJobs(db, wanted).map((j) => [j.source_sha256, j]));
}
