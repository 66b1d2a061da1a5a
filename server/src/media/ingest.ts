import fs from 'node:fs';
import { Readable } from 'node:stream';
import { RESOURCE_TYPES } from '@kit/contract';
import type { Db } from '../db/connection.ts';
import { fileTypeOf, UNKNOWN_TYPE, type FileType } from './file-type.ts';
import { insertMedia } from './media.repo.ts';
import { storeStream } from './store.ts';

export class UnknownFileTypeError extends Error {}

export interface Typed {
  sha256: string;
  size: number;
  type: FileType;
}

/**
 * Streams bytes into the content-addressed store (media/store.ts) under the
 * type fileTypeOf reads from them; `accept` sees that type and throws to
 * refuse the file (nothing is kept). The caller records the row
 * (insertMedia), in the same transaction as whatever points at it.
 */
export async function storeTyped(dataDir: string, source: Readable, accept: (type: FileType) => void, maxBytes?: number): Promise<Typed> {
  // Replaced by what the bytes say before the file gets its name.
  let type = UNKNOWN_TYPE;
  const stored = await storeStream(
    dataDir,
    source,
    async (_head, file) => {
      const found = await fileTypeOf(file);
      accept(found);
      type = found;
      return found.ext;
    },
    maxBytes,
  );
  return { sha256: stored.sha256, size: stored.size, type };
}

/**
 * A picture the kit encoded itself (a display copy, a cover, a profile
 * picture) into the store; the caller records it (insertMedia) with its
 * pixel size. The encoder's output is typed by its bytes like any file.
 */
export function storeEncodedPicture(dataDir: string, data: Buffer): Promise<Typed> {
  return storeTyped(dataDir, Readable.from([data]), (type) => {
    if (type.typeCode !== RESOURCE_TYPES.IMAGE) throw new Error(`the picture encoder wrote ${type.mime}`);
  });
}

/** Copies a file from disk into the store by its real type and records it (the demo library). */
export async function ingestLocalFile(db: Db, dataDir: string, file: string): Promise<Typed> {
  const typed = await storeTyped(dataDir, fs.createReadStream(file), (type) => {
    if (type.typeCode === null) throw new UnknownFileTypeError(`tipo de archivo desconocido: ${file}`);
  });
  insertMedia(db, typed);
  return typed;
}
