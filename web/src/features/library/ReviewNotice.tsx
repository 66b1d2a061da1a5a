import { useId } from 'react';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { useSession } from '../../session/session-store.ts';
import { fill } from '../../ui/fill.ts';
import { formatDate } from '../../ui/format.ts';
import { reviewLink, reviewStateOf, type Reviewed } from './review.ts';
import './review-notice.css';

const t = esLibrary.review;

export interface ReviewNoticeProps {
  resource: Reviewed & { user: { id: number } | null };
  /** in a list (inside a card's link): the state, why, and the next step in a few words */
  compact?: boolean;
}

/**
 * A resource's status as its owner (or an admin) needs to read it: not yet
 * sent, waiting, rejected, blocked or reported, why, and what to do next.
 * Nothing for a published resource nobody reported, nor for anyone else
 * (who never receives a resource in such a state, nor its reasons).
 */
export function ReviewNotice({ resource, compact = false }: ReviewNoticeProps) {
  const session = useSession();
  const headingId = useId();
  const state = reviewStateOf(resource);
  const owner = resource.user !== null && resource.user.id === session.userId;
  if (state === null || !(owner || session.isAdmin)) return null;
  const reason = resource.statusReason ?? null;
  const notes = resource.reportNotes ?? [];

  if (compact) {
    const why = reason ? fill(t.reason, { reason }) : notes.length > 0 ? fill(t.reportsShort, { reasons: notes.map((n) => n.reason).join(' · ') }) : null;
    return (
      <span className={`review-notice review-notice--compact review-notice--${state}`} data-testid="review-notice">
        <strong>{t.states[state]}</strong>
        {why && <span className="review-notice__why">{why}</span>}
        {owner && <span>{t.ownerShort[state]}</span>}
      </span>
    );
  }

  const link = reviewLink(resource, state, owner ? 'owner' : 'admin');
  return (
    <section className={`surface review-notice review-notice--${state}`} aria-labelledby={headingId} data-testid="review-notice">
      <h2 id={headingId}>{fill(t.heading, { state: t.states[state] })}</h2>
      {reason ? <p className="review-notice__why">{fill(t.reason, { reason })}</p> : state === 'blocked' && <p>{t.noReason}</p>}
      {notes.length > 0 && (
        <>
          <p>{t.reports}</p>
          <ul className="review-notice__reports">
            {notes.map((note) => (
              <li key={`${note.createdAt}${note.reason}`}>
                <span className="review-notice__why">{note.reason}</span> <span className="review-notice__date">({formatDate(note.createdAt)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>{owner ? t.owner[state] : t.admin[state]}</p>
      {link && (
        <Link className="button review-notice__action" to={link.to}>
          {link.label}
        </Link>
      )}
    </section>
  );
}
