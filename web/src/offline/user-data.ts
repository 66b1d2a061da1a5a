import { db, type CachedResource } from './db.ts';

/**
 * On logout: forgets what the last user's session may have shaped. Pages read
 * while logged in may list unpublished items or favourites, so every stored
 * page and every resource not saved for offline goes; saved ones lose the
 * per-user fields.
 */
export async function clearUserData(): Promise<void> {
  await db.transaction('rw', db.resources, db.searchPages, db.savedMedia, async () => {
    const saved = new Set(await db.savedMedia.toCollection().primaryKeys());
    await db.searchPages.clear();
    await db.resources.filter((r) => !saved.has(r.id)).delete();
    await db.resources.toCollection().modify((r: CachedResource) => {
      r.payload = { ...(r.payload as object), isFavorite: false, statusReason: null };
    });
  });
}
