import { db, type CachedResource } from './db.ts';
import { MENU_COPY_KEY } from './menu-copy-key.ts';

/**
 * On logout: forgets what the last user's session may have shaped. Pages read
 * while logged in may list unpublished items or favourites, so every stored
 * page and every resource not saved for offline goes; saved ones lose the
 * per-user fields, and the menu's copy goes.
 */
export async function clearUserData(): Promise<void> {
  // The menu's copy holds the services as this user saw them (an admin sees more tiles).
  localStorage.removeItem(MENU_COPY_KEY);
  await db.transaction('rw', db.resources, db.searchPages, db.savedMedia, async () => {
    const saved = new Set(await db.savedMedia.toCollection().primaryKeys());
    await db.searchPages.clear();
    await db.resources.filter((r) => !saved.has(r.id)).delete();
    await db.resources.toCollection().modify((r: CachedResource) => {
      r.payload = { ...(r.payload as object), isFavorite: false, statusReason: null };
    });
  });
}
