import { useLiveQuery } from 'dexie-react-hooks';
import { canUseServiceWorker } from '../sw/register.ts';
import { db, type SavedMedia } from './db.ts';

/** What this phone saved of a resource for offline use (its light copy or its original), live; undefined while read or when nothing is. */
export function useSavedMedia(resourceId: number): SavedMedia | undefined {
  // Without a service worker nothing is saved in the app (the phone downloads files instead).
  return useLiveQuery(() => (canUseServiceWorker() ? db.savedMedia.get(resourceId) : undefined), [resourceId]);
}
