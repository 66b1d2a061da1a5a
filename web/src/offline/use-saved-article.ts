import { useEffect, useState } from 'react';
import { canUseServiceWorker } from '../sw/register.ts';
import { articleKey } from './article-key.ts';
import type { SavedArticle } from './db.ts';

/**
 * Whether this phone saved an article of a library, live; undefined while read or when it did not.
 * The phone's store (Dexie) loads after the reader shows, as for saved media (use-saved-media.ts).
 */
export function useSavedArticle(resourceId: number, path: string): SavedArticle | undefined {
  const [saved, setSaved] = useState<{ key: string; article: SavedArticle | undefined }>();
  const key = articleKey(resourceId, path);
  useEffect(() => {
    // Without a service worker the reader does not open offline: nothing is saved.
    if (!canUseServiceWorker()) return undefined;
    let stop: (() => void) | undefined;
    let gone = false;
    import('./saved-articles.ts').then(
      ({ watchSavedArticle }) => {
        if (!gone) stop = watchSavedArticle(resourceId, path, (article) => setSaved({ key: articleKey(resourceId, path), article }));
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [resourceId, path]);
  return saved?.key === key ? saved.article : undefined;
}
