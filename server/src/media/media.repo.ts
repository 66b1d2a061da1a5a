import type { Db } from '../db/connection.ts';

export interface NewMedia {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
}

/** The same bytes are one row, however many resources use them. */
export function insertMedia(db: Db, media: NewMedia): void {
  db.prepare('INSERT OR IGNORE INTO media (sha256, ext, mime, size) VALUES (@sha256, @ext, @mime, @size)').run(media);
}
