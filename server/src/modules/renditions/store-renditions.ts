import fs from 'node:fs';
import { RENDITION_JOB_KINDS, RENDITION_KINDS, RENDITION_SPECS, type RenditionKind } from '@kit/contract';
import { findJob, type JobKind } from '../../catalog/phone-copies.repo.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { findMedia } from '../../media/media-access.repo.ts';
import { insertMedia } from '../../media/media.repo.ts';
import { releaseMedia, withStoreLock } from '../../media/release.ts';
import { fileTypeOf } from '../../media/file-type.ts';
import { hashFile, linkIntoStore, mediaPath } from '../../media/store.ts';
import type { MadeRendition } from './made.ts';
import { markDone, saveRendition } from './renditions.repo.ts';

/** The job a file of this type gets (the queue picks it by the same rule, renditions.repo.ts), if any. */
const jobFor = (mime: string): JobKind | null => RENDITION_JOB_KINDS.find((job) => mime.startsWith(`${job}/`)) ?? null;

/** The kinds of copy a file gets, by what its bytes are: the kinds its job makes. */
export function copyKindsFor(mime: string): readonly RenditionKind[] {
  const job = jobFor(mime);
  return RENDITION_KINDS.filter((kind) => RENDITION_SPECS[kind].job === job);
}

/**
 * A copy is a new door into the media store, so it is typed like every
 * other file: by its bytes, with the one rule (media/file-type.ts), never by
 * what the job meant to make. A copy whose bytes are not what its kind must
 * be is not stored.
 */
async function typed(made: MadeRendition) {
  const type = await fileTypeOf(made.file);
  if (type?.mime !== RENDITION_SPECS[made.kind].mime) throw new AppError('RENDITION_FAILED', { kind: made.kind, got: type?.mime ?? null });
  return { made, type, size: (await fs.promises.stat(made.file)).size, sha256: await hashFile(made.file) };
}

/**
 * Moves a job's copies into the content-addressed store (fsync, rename) and
 * records them with the job done, in one transaction, under the store lock
 * (nothing releases a file between). False when the source file was deleted
 * while the job ran: its copies are dropped.
 */
export async function storeRenditions(db: Db, dataDir: string, sourceSha: string, made: readonly MadeRendition[]): Promise<boolean> {
  const files = await Promise.all(made.map(typed));
  return withStoreLock(async () => {
    const sourceStays = () => findMedia(db, sourceSha) !== undefined && findJob(db, sourceSha) !== undefined;
    if (!sourceStays()) return false;
    // Linked, not moved: the job's folder (and the made file in it) goes when the job ends.
    const linked: typeof files = [];
    for (const f of files) if (await linkIntoStore(dataDir, f.made.file, f.sha256, f.type.ext)) linked.push(f);
    // Other requests ran while the disk worked: checked again where nothing can come between.
    if (!sourceStays()) {
      for (const f of linked) if (!findMedia(db, f.sha256)) fs.rmSync(mediaPath(dataDir, f.sha256, f.type.ext), { force: true });
      return false;
    }
    const replaced = db.transaction(() => {
      const old: string[] = [];
      for (const f of files) {
        insertMedia(db, { sha256: f.sha256, type: f.type, size: f.size, width: f.made.width, height: f.made.height });
        const before = saveRendition(db, { source_sha256: sourceSha, kind: f.made.kind, media_sha256: f.sha256, width: f.made.width, height: f.made.height, bitrate: f.made.bitrate });
        if (before) old.push(before);
      }
      markDone(db, sourceSha);
      return old;
    })();
    releaseMedia(db, dataDir, replaced);
    return true;
  });
}
