import { notifyInfo } from '../features/notifications/notifications-store.ts';
import { esSocial } from '../i18n/es-social.ts';
import { db } from './db.ts';
import { forgetOutboxFlag } from './outbox-flag.ts';

/**
 * On logout: what the user left on this phone goes, so the next person on a
 * shared phone cannot send it or see it. Writes still queued are lost, and
 * the user is told so rather than losing them silently. The library caches
 * are public data and stay.
 */
export async function clearUserData(): Promise<void> {
  const pending = await db.outbox.filter((entry) => entry.status === 'pending').count();
  await db.outbox.clear();
  forgetOutboxFlag();
  if (pending > 0) notifyInfo(esSocial.outbox.droppedOnLogout);
}
