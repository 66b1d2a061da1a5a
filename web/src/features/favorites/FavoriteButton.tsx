import type { ResourceDetail } from '@kit/contract';
import { useState } from 'react';
import { socialPaths } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { submitWrite } from '../../offline/outbox-runtime.ts';
import { fill } from '../../ui/fill.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { PendingBadge } from '../social/OutboxNotices.tsx';
import { errorText } from '../social/social-errors.ts';
import { useOutboxEntries } from '../social/use-outbox.ts';
import './favorites.css';

/** Adds the resource to the user's favourites or takes it out; offline, the change waits in the outbox. */
export function FavoriteButton({ resource }: { resource: ResourceDetail }) {
  const [favorite, setFavorite] = useState(resource.isFavorite);
  const pending = useOutboxEntries(resource.id).some(
    (entry) => entry.status === 'pending' && (entry.kind === 'favorite' || entry.kind === 'unfavorite'),
  );
  const t = esSocial.favorite;

  const toggle = async () => {
    const next = !favorite;
    setFavorite(next);
    try {
      const outcome = await submitWrite({
        kind: next ? 'favorite' : 'unfavorite',
        resourceId: resource.id,
        label: fill(next ? t.addLabel : t.removeLabel, { title: resource.title }),
        requests: [{ method: next ? 'PUT' : 'DELETE', path: socialPaths.favorite(resource.id) }],
      });
      if (outcome.sent) notifySuccess(next ? t.added : t.removed);
    } catch (error) {
      setFavorite(!next);
      notifyError(errorText(error));
    }
  };

  return (
    <span className="favorite">
      <button
        type="button"
        className={favorite ? 'button' : 'button button--light'}
        aria-pressed={favorite}
        onClick={() => void toggle()}
        data-testid="favorite-button"
      >
        <span aria-hidden="true">{favorite ? '★' : '☆'}</span> {favorite ? t.remove : t.add}
      </button>
      {pending && <PendingBadge />}
    </span>
  );
}
