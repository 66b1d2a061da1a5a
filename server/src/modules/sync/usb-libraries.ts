import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { EMPTY_TERMS, RESOURCE_TYPES } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { ensureDiskSpace } from '../../disk-space.ts';
import { AppError } from '../../errors.ts';
import { fileTypeOf, type FileType } from '../../media/file-type.ts';
import { insertMedia } from '../../media/media.repo.ts';
import { releaseMedia, withStoreLock } from '../../media/release.ts';
import { storeStream } from '../../media/store.ts';
import { inspectZim, recordLibrary, type ZimFacts } from '../libraries/libraries.service.ts';
import { makeCover, storeCover } from '../uploads/covers.service.ts';
import { insertResource } from '../../catalog/resources.repo.ts';
import { mediaExists } from './sync.repo.ts';

export interface LibraryImport {
  categoryId: number | null;
  arrival: 'published' | 'pending';
}

/** A title for a file whose metadata has none: its name without the extension. */
const titleOf = (facts: ZimFacts, fileName: string): string => (facts.title || path.basename(fileName, path.extname(fileName))).slice(0, 500);

/**
 * Copies a ZIM file from a drive into the media store (with progress, within
 * the disk reserve) and makes it a «Biblioteca» resource, as the upload door
 * does: typed by its bytes (anything else is ZIM_NOT_ZIM), opened by the
 * reader before it is kept (a cut or damaged file keeps nothing), its
 * metadata and icon as the resource's fields and cover. Its MD5 is checked
 * after the job (SyncContext.onFilesArrived). Resolves with the resource id.
 */
export async function bringLibraryFile(
  ctx: { db: Db; dataDir: string; diskReserveBytes: number },
  file: string,
  options: LibraryImport,
  onBytes: (n: number) => void,
): Promise<{ id: number; title: string }> {
  const { db, dataDir } = ctx;
  ensureDiskSpace(ctx, fs.statSync(file).size);
  const found: { facts?: ZimFacts; type?: FileType } = {};
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  const stored = await storeStream(dataDir, fs.createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(counted), async (_head, copy) => {
    found.type = await fileTypeOf(copy);
    if (found.type.typeCode !== RESOURCE_TYPES.LIBRARY) throw new AppError('ZIM_NOT_ZIM', { field: 'name' });
    found.facts = await inspectZim(copy);
    return found.type.ext;
  });
  const { facts: library, type: fileType } = found;
  if (!library || !fileType) throw new Error('the store kept a file it never typed');
  const cover = library.illustration ? await makeCover(library.illustration, () => new AppError('FILE_UNREADABLE')).catch(() => null) : null;
  return withStoreLock(async () => {
    const coverSha = cover ? await storeCover(db, dataDir, cover) : null;
    try {
      const title = titleOf(library, file);
      const now = new Date().toISOString();
      const id = db.transaction(() => {
        insertMedia(db, { sha256: stored.sha256, size: stored.size, type: fileType });
        const created = insertResource(
          db,
          {
            r: {
              globalId: randomUUID(),
              title,
              description: '',
              ...EMPTY_TERMS,
              type: RESOURCE_TYPES.LIBRARY,
              mediaSha256: stored.sha256,
              mediaName: path.basename(file),
              coverSha256: coverSha,
              appVersion: null,
              createdAt: now,
              publishedAt: null,
            },
            categoryId: options.categoryId,
          },
          options.arrival,
        );
        recordLibrary(db, created, stored.sha256, library);
        return created;
      })();
      return { id, title };
    } catch (error) {
      // No row uses them: the copy (unless the kit had the same bytes already) and its cover go.
      if (!mediaExists(db, stored.sha256)) fs.rmSync(stored.path, { force: true });
      releaseMedia(db, dataDir, [coverSha]);
      throw error;
    }
  });
}
