import type { Ad } from '@kit/contract';
import type { ReactNode } from 'react';
import { esPortal } from '../../i18n/es-portal.ts';
import { fill } from '../../ui/fill.ts';
import { formatDate } from '../../ui/format.ts';

const t = esPortal.ads;

/** The label of a notice's state, "Vencido" for a published one whose time is up. */
export function adStatusLabel(ad: Pick<Ad, 'status' | 'expired'>): string {
  return ad.status === 'published' && ad.expired ? t.status.expired : t.status[ad.status];
}

/** One notice: picture, title, category, text, contact, until when; `showStatus` for its author and the moderators. */
export function AdCard({ ad, showStatus = false, actions }: { ad: Ad; showStatus?: boolean; actions?: ReactNode }) {
  return (
    <article className="surface ad-card" data-testid={`ad-${ad.id}`}>
      {ad.imageUrl && <img className="ad-card__image" src={ad.imageUrl} alt={fill(t.imageOf, { title: ad.title })} loading="lazy" decoding="async" />}
      <div className="ad-card__body">
        <p className="ad-card__meta">
          <span className="ad-card__category">{t.categories[ad.category]}</span>
          {showStatus && <span className={`ad-card__status ad-card__status--${ad.expired ? 'expired' : ad.status}`}>{adStatusLabel(ad)}</span>}
        </p>
        <h2 className="ad-card__title">{ad.title}</h2>
        <p className="ad-card__text">{ad.text}</p>
        <p className="ad-card__contact">
          <strong>{t.contact}: </strong>
          {ad.contact}
        </p>
        <p className="ad-card__footer">
          {fill(t.until, { date: formatDate(ad.expiresAt) })}
          {ad.user && ` · ${fill(t.postedBy, { user: ad.user.user_name })}`}
        </p>
        {showStatus && ad.statusReason && <p className="ad-card__reason">{fill(t.reason, { reason: ad.statusReason })}</p>}
        {actions && <div className="ad-card__actions">{actions}</div>}
      </div>
    </article>
  );
}
