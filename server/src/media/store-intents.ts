import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/connection.ts';
import { findMedia } from './media-access.repo.ts';
import { mediaNames } from './media.repo.ts';
import { fsyncDir, linkIntoStore, mediaPath, mediaRoot } from './store.ts';

/*
 * Write-ahead intents of the media store, so that finishing an upload is
 * recoverable at every instant. Before a finished file is linked into
 * media/<aa>/<sha256>.<ext>, an intent naming that place is made durable in
 * media/intents/. The caller then records the rows that use the file in one
 * transaction, and only after that drops the intent and the source (an
 * upload's .part, which was linked, never moved). A kill
 * - before the link leaves the intent and the source: nothing to undo;
 * - between the link and the commit leaves the intent, the source and a file
 *   no row uses: the next start deletes that file and the upload resumes from
 *   its source, whose every acknowledged byte is still there;
 * - after the commit leaves rows that use the file, so the file stays.
 * Doors that rename a small file into the store and record its row right
 * after (covers, pictures, banners) leave at worst an unused file, which the
 * sweep at start (reconcileStore) removes with any other file no media row
 * names; the finish does not depend on that sweep: its intents name the file.
 */

export const intentsDir = (dataDir: string): string => path.join(mediaRoot(dataDir), 'intents');

const STORED_NAME = /^([0-9a-f]{64})\.([a-z0-9]{1,8})$/;
const INTENT_NAME = /^([0-9a-f]{64})\.([a-z0-9]{1,8})\.[0-9a-f]{12}$/;

export interface Placement {
  sha256: string;
  ext: string;
  /** the intent file; dropped once the rows are committed or the placement abandoned */
  intent: string;
  /** false when the store had these bytes already (nothing was linked, nothing to undo) */
  linked: boolean;
}

/** Records the intent durably, then links `source` into the store. Call inside withStoreLock. */
export async function placeInStore(dataDir: string, source: string, sha256: string, ext: string): Promise<Placement> {
  mediaPath(dataDir, sha256, ext); // the name is checked before anything touches the disk
  const dir = intentsDir(dataDir);
  await fsp.mkdir(dir, { recursive: true });
  const intent = path.join(dir, `${sha256}.${ext}.${randomBytes(6).toString('hex')}`);
  await fsp.writeFile(intent, '', { flag: 'wx' });
  await fsyncDir(dir);
  try {
    return { sha256, ext, intent, linked: await linkIntoStore(dataDir, source, sha256, ext) };
  } catch (error) {
    await fsp.rm(intent, { force: true });
    throw error;
  }
}

/** After the transaction that made rows use the file: the intent is spent (if this is lost, the start finds the rows). */
export function settlePlacement(placement: Placement): void {
  fs.rmSync(placement.intent, { force: true });
}

/** The rows were not committed: the linked file goes unless a media row names it after all. */
export function abandonPlacement(db: Db, dataDir: string, placement: Placement): void {
  if (placement.linked && findMedia(db, placement.sha256)?.ext !== placement.ext) {
    fs.rmSync(mediaPath(dataDir, placement.sha256, placement.ext), { force: true });
  }
  fs.rmSync(placement.intent, { force: true });
}

export interface Reconciled {
  /** intents of placements a kill cut */
  intents: number;
  /** stored files that no media row names (deleted) */
  removed: number;
}

/**
 * At start, before the server listens (so no file can be in use): settles
 * the intents a kill left, then deletes every file in media/<aa>/ whose name
 * (<sha256>.<ext>) no media row has. Every table that uses a stored file
 * (resources, covers, pictures, banners, ads, packages, packs, and whatever
 * comes later) references media(sha256) with a foreign key, so a file some
 * row uses always has its media row and is never touched. Names that are not
 * content-addressed, media/tmp/ (emptied by cleanPartialFiles) and anything
 * outside the two-hex folders are left alone.
 */
export function reconcileStore(db: Db, dataDir: string): Reconciled {
  const named = mediaNames(db);
  const unnamed = (sha256: string, ext: string) => !named.has(`${sha256}.${ext}`);
  let intents = 0;
  const dir = intentsDir(dataDir);
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const [, sha256, ext] = INTENT_NAME.exec(name) ?? [];
    if (sha256 && ext && unnamed(sha256, ext)) fs.rmSync(mediaPath(dataDir, sha256, ext), { force: true });
    fs.rmSync(path.join(dir, name), { force: true, recursive: true });
    intents += 1;
  }
  let removed = 0;
  const root = mediaRoot(dataDir);
  for (const folder of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const name of fs.readdirSync(path.join(root, folder))) {
      const [, sha256, ext] = STORED_NAME.exec(name) ?? [];
      if (!sha256 || !ext || !sha256.startsWith(folder) || !unnamed(sha256, ext)) continue;
      fs.rmSync(path.join(root, folder, name), { force: true });
      removed += 1;
    }
  }
  return { intents, removed };
}
