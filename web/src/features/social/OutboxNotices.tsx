import { dismissWrite } from '../../offline/outbox-runtime.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { useOutboxEntries } from './use-outbox.ts';
import './social.css';

/** Writes made offline that the kit refused when they were replayed: said, and kept until dismissed. */
export function OutboxNotices({ resourceId }: { resourceId?: number }) {
  const failed = useOutboxEntries(resourceId).filter((entry) => entry.status === 'failed');
  if (failed.length === 0) return null;
  return (
    <ul className="outbox-notices" aria-label={esSocial.outbox.failedBadge} data-testid="outbox-failed">
      {failed.map((entry) => (
        <li key={entry.id} className="outbox-notices__item" role="alert">
          <span>
            <strong>{esSocial.outbox.failedBadge}:</strong> {entry.label}. {entry.lastError}
          </span>
          <button type="button" className="button button--light" onClick={() => void dismissWrite(entry.id)}>
            {esSocial.outbox.dismiss}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The "pendiente" mark of something made offline. */
export function PendingBadge() {
  return (
    <span className="pending-badge" title={esSocial.outbox.pendingHint} data-testid="pending-badge">
      {esSocial.outbox.pending}
    </span>
  );
}
