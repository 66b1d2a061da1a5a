/** Tests only: libraries with articles to search (docs/API-library.md "Search"). */
import type { FastifyInstance } from 'fastify';
import { mediaPath } from '../src/media/store.ts';
import { inspectZim, recordLibrary } from '../src/modules/libraries/libraries.service.ts';
import { addMedia, addResource } from './library-fixtures.ts';

/**
 * A «Biblioteca» resource for `bytes`, recorded as every import door records
 * it, its check started: the index follows once the check passes.
 */
export async function addLibrary(app: FastifyInstance, dataDir: string, title: string, bytes: Buffer, opts: { status?: 'published' | 'pending' | 'draft'; category?: number } = {}): Promise<number> {
  const sha = addMedia(app.db, dataDir, bytes, 'zim', 'application/x-zim');
  const id = addResource(app.db, { title, type: 7, media: sha, status: opts.status ?? 'published', category: opts.category ?? null });
  recordLibrary(app.db, id, sha, await inspectZim(mediaPath(dataDir, sha, 'zim')));
  app.libraryChecks.start(id, sha);
  return id;
}

/** Every check and every index the kit has to make, made. */
export async function allIndexed(app: FastifyInstance): Promise<void> {
  await app.libraryChecks.idle();
  await app.articleIndex.idle();
}

