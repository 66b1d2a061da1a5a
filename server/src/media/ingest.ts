import fs from 'node:fs';
import type { Db } from '../db/connection.ts';
import { insertMedia } from './media.repo.ts';
import { sniff, type Sniffed } from './sniff.ts';
import { storeStream } from './store.ts';

export class UnknownFileTypeError extends Error {}

/** Copies a file from disk into the store by its real type and records it. */
export async function ingestLocalFile(db: Db, dataDir: string, file: string): Promise<{ sha256: string; sniffed: Sniffed }> {
  let sniffed: Sniffed | null = null;
  const stored = await storeStream(dataDir, fs.createReadStream(file), (head) => {
    sniffed = sniff(head);
    if (!sniffed) throw new UnknownFileTypeError(`tipo de archivo desconocido: ${file}`);
    return sniffed.ext;
  });
  const found = sniffed as Sniffed | null;
  if (!found) throw new UnknownFileTypeError(file);
  insertMedia(db, { sha256: stored.sha256, ext: found.ext, mime: found.mime, size: stored.size });
  return { sha256: stored.sha256, sniffed: found };
}
