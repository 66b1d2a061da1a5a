import type { LibraryIndex } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { findSearchIndex } from './articles.repo.ts';

/** Progress is shown below 100 until the phase has ended. */
const percentOf = (done: number, total: number): number => Math.min(99, Math.floor((done * 100) / Math.max(total, 1)));

/** Where a library's search index is, for the file it has now (GET /v2/libraries/{id}, docs/API-contributions.md#bibliotecas-zim). */
export function libraryIndexState(db: Db, library: { resource_id: number; media_sha256: string; check_state: string }): LibraryIndex {
  // A file held back by its check is never indexed.
  if (library.check_state === 'failed') return { state: 'failed', percent: 0 };
  const index = findSearchIndex(db, library.resource_id);
  if (!index || index.media_sha256 !== library.media_sha256) return { state: 'waiting', percent: 0 };
  switch (index.phase) {
    case 'titles':
      return { state: 'titles', percent: percentOf(index.position, index.total) };
    case 'text':
      return { state: 'text', percent: percentOf(index.done, index.total) };
    case 'done':
      return { state: 'done', percent: 100 };
    case 'failed':
      return { state: 'failed', percent: 0 };
  }
}
