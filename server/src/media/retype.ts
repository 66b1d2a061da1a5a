import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/connection.ts';
import { DERIVED_PAIRS, fileTypeOf } from './file-type.ts';
import { fsyncDir, mediaPath } from './store.ts';

/**
 * At start, before anything is served, media rows get the type their bytes
 * say (fileTypeOf), their files renamed to match, so they are served and
 * exported as what they are. `claimed`: only rows whose type fileTypeOf could
 * never have given (stored from a claim, by a pack import before the kit
 * typed files by their bytes): one query when there are none. `all`: every
 * row, after a backup restore, whose database is the backup's word. Returns
 * how many rows changed.
 *
 * Safe to cut anywhere: the file is linked under its new name, the row
 * updated, then the old name removed. Cut before the update, the next start
 * does it again; cut after it, the old name stays behind as an unused copy
 * of the same bytes, never as a row without its file.
 */
export async function retypeMedia(db: Db, dataDir: string, rows: 'claimed' | 'all'): Promise<number> {
  const found =
    rows === 'all'
      ? db.prepare<[], { sha256: string; ext: string; mime: string }>('SELECT sha256, ext, mime FROM media').all()
      : db
          .prepare<string[], { sha256: string; ext: string; mime: string }>(
            `SELECT sha256, ext, mime FROM media WHERE ext || ' ' || mime NOT IN (${DERIVED_PAIRS.map(() => '?').join(', ')})`,
          )
          .all(...DERIVED_PAIRS);
  let retyped = 0;
  for (const row of found) {
    let stored: string;
    try {
      stored = mediaPath(dataDir, row.sha256, row.ext);
    } catch {
      continue;
    }
    // A row without its file stays as it is: nothing of it can be served.
    const type = await fileTypeOf(stored).catch(() => null);
    if (!type || (type.ext === row.ext && type.mime === row.mime)) continue;
    const real = mediaPath(dataDir, row.sha256, type.ext);
    if (real !== stored) {
      await fsp.link(stored, real).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      await fsyncDir(path.dirname(real));
    }
    db.prepare('UPDATE media SET ext = ?, mime = ? WHERE sha256 = ?').run(type.ext, type.mime, row.sha256);
    if (real !== stored) {
      await fsp.rm(stored, { force: true });
      await fsyncDir(path.dirname(stored));
    }
    retyped += 1;
  }
  return retyped;
}
