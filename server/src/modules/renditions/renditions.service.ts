import { RENDITION_SPECS, type RenditionKind, type ResourceRenditions } from '@kit/contract';
import { ownerOrAdmin } from '../../access/privilege.ts';
import { renditionsOf } from '../../catalog/phone-copies.ts';
import { visibleDetailRow } from '../../catalog/resource-lookup.ts';
import { findResourceDetail } from '../../catalog/resources.repo.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { RenditionQueue } from './queue.ts';
import { hasDoneJob, recordDoneJob, saveRendition } from './renditions.repo.ts';

/*
 * The phone copies' answers and what other features ask of them: a pack
 * import takes copies a hub made instead of making its own (docs/SYNC.md).
 * The queue (queue.ts) makes the kit's own; reading them for a page is the
 * catalog's (catalog/phone-copies.ts).
 */

/** A resource's copies as its page polls them: the same 404 as its page when the viewer may not see it. */
export function visibleRenditions(db: Db, id: number, viewer: Viewer | null): ResourceRenditions {
  const row = visibleDetailRow(db, id, viewer);
  return renditionsOf(db, row, ownerOrAdmin(row, viewer));
}

/** An admin's retry of a resource's failed job; returns the file it is for. Only a failed job is retried. */
export function retryRenditions(db: Db, queue: RenditionQueue, id: number): string {
  const row = findResourceDetail(db, id);
  if (!row) throw new AppError('RESOURCE_NOT_FOUND');
  if (row.media_sha256 === null || !queue.retry(row.media_sha256)) throw new AppError('RENDITION_NOT_FAILED');
  return row.media_sha256;
}

/** A copy that arrived ready-made, as a pack's manifest describes it. */
export interface CarriedCopy {
  source: string;
  kind: RenditionKind;
  sha256: string;
  width: number | null;
  height: number | null;
  bitrate: number | null;
}

/** Whether the kit has this file's copies already (its job is done): a pack's copies of it are not needed. */
export const hasCopies = (db: Db, sha256: string): boolean => hasDoneJob(db, sha256);

/**
 * Records a file's carried copies as the kit's own and its job as done, so
 * the queue makes nothing for it. The copies' files must be stored already;
 * call inside the import's transaction.
 */
export function adoptCarriedCopies(db: Db, source: string | null, copies: readonly CarriedCopy[]): void {
  for (const c of copies) saveRendition(db, { source_sha256: c.source, kind: c.kind, media_sha256: c.sha256, width: c.width, height: c.height, bitrate: c.bitrate });
  const first = copies[0];
  if (first && source) recordDoneJob(db, source, RENDITION_SPECS[first.kind].job);
}
