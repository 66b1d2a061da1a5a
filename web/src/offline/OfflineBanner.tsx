import { useSyncExternalStore } from 'react';
import { esOffline } from '../i18n/es-offline.ts';
import './offline-banner.css';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * docs/PRODUCT.md#offline offline status, docs/PRODUCT.md#offline: a line at the top of the library while
 * the phone has no network (not on /menu, whose download budget has no room).
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {esOffline.banner}
    </p>
  );
}
