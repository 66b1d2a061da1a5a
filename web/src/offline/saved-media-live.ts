import { liveQuery } from 'dexie';
import { db, type SavedMedia } from './db.ts';

/** Calls `onChange` with what this phone saved of a resource, now and after every change; returns the function that stops it. */
export function watchSavedMedia(resourceId: number, onChange: (saved: SavedMedia | undefined) => void): () => void {
  const subscription = liveQuery(() => db.savedMedia.get(resourceId)).subscribe({ next: onChange, error: () => onChange(undefined) });
  return () => subscription.unsubscribe();
}
