import type { Db } from '../db/connection.ts';

export interface NewMedia {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
  /** images: pixel size, when known */
  width?: number | null;
  height?: number | null;
}

/** The same bytes are one row, however many resources use them. */
export function insertMedia(db: Db, media: NewMedia): void {
  db.prepare('INSERT OR IGNORE INTO media (sha256, ext, mime, size, width, height) VALUES (@sha256, @ext, @mime, @size, @width, @height)').run({
    ...media,
    width: media.width ?? null,
    height: media.height ?? null,
  });
}
