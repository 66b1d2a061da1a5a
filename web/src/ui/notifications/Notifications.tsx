import { useSyncExternalStore } from 'react';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { dismissNotification, getNotifications, subscribeNotifications } from './notifications-store.ts';
import './notifications.css';

/** The notifications on screen, stacked at the bottom left (docs/PRODUCT.md#timings), each with a close button. */
export function Notifications() {
  const items = useSyncExternalStore(subscribeNotifications, getNotifications, getNotifications);
  return (
    <section className="notifications" aria-label={esAccounts.notifications.label}>
      {items.map((item) => (
        <div
          key={item.id}
          className={`notification notification--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-kind={item.kind}
        >
          <p className="notification__message">{item.message}</p>
          <button
            type="button"
            className="notification__close"
            aria-label={esAccounts.notifications.close}
            onClick={() => dismissNotification(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
