import { useEffect, useState } from 'react';
import { articleKey } from '../../offline/article-key.ts';
import type { SavedArticle } from '../../offline/db.ts';
import { canUseServiceWorker } from '../../sw/register.ts';

/** A saved article as the reader shows it with the kit out of reach. */
export type OfflineArticle = SavedArticle & { html: string };

/**
 * The saved copy of the article the reader is on, when this phone saved it
 * and the kit cannot be reached now (docs/PRODUCT.md#offline); null otherwise
 * (the reader frames the kit's page). The phone's store and the probe load
 * after the reader shows: a reader the kit answers does not wait for them.
 */
export function useOfflineArticle(resourceId: number, path: string): OfflineArticle | null {
  const [shown, setShown] = useState<OfflineArticle | null>(null);
  useEffect(() => {
    if (!canUseServiceWorker()) return undefined;
    let gone = false;
    void (async () => {
      const [{ readSavedArticle, touchArticle }, { kitReachable }] = await Promise.all([import('../../offline/saved-articles.ts'), import('../../offline/kit-reachable.ts')]);
      const saved = await readSavedArticle(resourceId, path);
      if (!saved || gone || (await kitReachable()) || gone) return;
      await touchArticle(saved.key);
      setShown(saved);
    })().catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [resourceId, path]);
  // an article shown for another address is not this one's
  return shown?.key === articleKey(resourceId, path) ? shown : null;
}
