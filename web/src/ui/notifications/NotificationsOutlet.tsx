import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getNotifications, subscribeNotifications } from './notifications-store.ts';

const Notifications = lazy(async () => ({ default: (await import('./Notifications.tsx')).Notifications }));

/** Mounted once in the app shell; loads the notifications' code only when there is something to show. */
export function NotificationsOutlet() {
  const count = useSyncExternalStore(subscribeNotifications, () => getNotifications().length, () => 0);
  if (count === 0) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
