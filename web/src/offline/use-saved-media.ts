import { useEffect, useState } from 'react';
import { canUseServiceWorker } from '../sw/register.ts';
import type { SavedMedia } from './db.ts';

/**
 * What this phone saved of a resource for offline use (its light copy or its original), live; undefined while read or when nothing is.
 * The phone's store (Dexie) loads after the page shows, not before: the resource page's first paint does not wait for it.
 */
export function useSavedMedia(resourceId: number): SavedMedia | undefined {
  const [saved, setSaved] = useState<{ resourceId: number; media: SavedMedia | undefined }>();
  useEffect(() => {
    // Without a service worker nothing is saved in the app (the phone downloads files instead).
    if (!canUseServiceWorker()) return undefined;
    let stop: (() => void) | undefined;
    let gone = false;
    import('./saved-media-live.ts').then(
      ({ watchSavedMedia }) => {
        if (!gone) stop = watchSavedMedia(resourceId, (media) => setSaved({ resourceId, media }));
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [resourceId]);
  return saved?.resourceId === resourceId ? saved.media : undefined;
}
