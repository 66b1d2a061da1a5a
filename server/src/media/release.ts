import fs from 'node:fs';
import type { Db } from '../db/connection.ts';
import { findMedia, renditionFilesOf } from './media-access.repo.ts';
import { deleteMediaIfUnused } from './media.repo.ts';
import { mediaPath } from './store.ts';

let tail: Promise<unknown> = Promise.resolve();

type ReleaseListener = (sha256: string) => void;
const releaseListeners = new Set<ReleaseListener>();

/**
 * Told of every stored file releaseMedia deletes, so what holds one open (the
 * open-ZIM pool) closes it and the disk space really comes back. Returns the
 * unsubscribe.
 */
export function onMediaReleased(listener: ReleaseListener): () => void {
  releaseListeners.add(listener);
  return () => releaseListeners.delete(listener);
}

/**
 * Store changes that must not interleave: moving new bytes into the store and
 * pointing rows at them, against forgetting bytes nobody uses. Without it a
 * file identical to one being released could be renamed into place just
 * before the release unlinks it. One process serves the kit, so an in-process
 * queue is enough.
 */
export function withStoreLock<T>(job: () => Promise<T> | T): Promise<T> {
  const run = tail.then(job, job);
  tail = run.catch(() => undefined);
  return run;
}

/**
 * Deletes stored files that nothing references any more (a deleted draft's
 * file, a replaced cover), and with a file its phone copies (their rows go
 * with its row, by the migration's CASCADE). Call inside withStoreLock, after
 * the rows that used them changed.
 */
export function releaseMedia(db: Db, dataDir: string, shas: ReadonlyArray<string | null | undefined>): string[] {
  const removed: string[] = [];
  const pending = [...new Set(shas)];
  for (let i = 0; i < pending.length; i++) {
    const sha = pending[i];
    if (!sha) continue;
    const media = findMedia(db, sha);
    const copies = renditionFilesOf(db, sha);
    if (!media || !deleteMediaIfUnused(db, sha)) continue;
    fs.rmSync(mediaPath(dataDir, media.sha256, media.ext), { force: true });
    removed.push(sha);
    for (const listener of releaseListeners) listener(sha);
    for (const copy of copies) if (!pending.includes(copy)) pending.push(copy);
  }
  return removed;
}
