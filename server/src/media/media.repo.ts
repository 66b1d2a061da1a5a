import type { Db } from '../db/connection.ts';
import type { FileType } from './file-type.ts';

export interface NewMedia {
  sha256: string;
  size: number;
  /** what the bytes are (fileTypeOf): never a type a name, a form or a manifest claims */
  type: FileType;
  /** images: pixel size, when known */
  width?: number | null;
  height?: number | null;
}

/** The same bytes are one row, however many resources use them. */
export function insertMedia(db: Db, media: NewMedia): void {
  db.prepare('INSERT OR IGNORE INTO media (sha256, ext, mime, size, width, height) VALUES (@sha256, @ext, @mime, @size, @width, @height)').run({
    sha256: media.sha256,
    ext: media.type.ext,
    mime: media.type.mime,
    size: media.size,
    width: media.width ?? null,
    height: media.height ?? null,
  });
}

/**
 * Forgets a file's row when nothing uses it any more; true if it was removed.
 * Every table that uses media references media(sha256) with a foreign key,
 * so a row still in use (a resource, a cover, a picture, a banner, an ad, a
 * menu tile…) cannot be deleted, whoever added the table.
 */
export function deleteMediaIfUnused(db: Db, sha256: string): boolean {
  try {
    return db.prepare('DELETE FROM media WHERE sha256 = ?').run(sha256).changes > 0;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return false;
    throw error;
  }
}

/** Every stored file's name, `<sha256>.<ext>`, as the store lays it out (for the sweep at start). */
export function mediaNames(db: Db): Set<string> {
  return new Set(db.prepare<[], { name: string }>("SELECT sha256 || '.' || ext AS name FROM media").all().map((m) => m.name));
}
