import type { Comment, CreateComment, ResourceDetail } from '@kit/contract';
import { COMMENT_MAX } from '@kit/contract/values';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { getComments, socialPaths } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import type { OutboxEntry } from '../../offline/db.ts';
import { submitWrite } from '../../offline/outbox-runtime.ts';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { fill } from '../../ui/fill.ts';
import { formatDate } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { useSession } from '../../session/session-store.ts';
import { PendingBadge } from './OutboxNotices.tsx';
import { errorText, textLength } from './social-errors.ts';
import { bodyOf, useOutboxEntries, useWriteSent } from './use-outbox.ts';
import './social.css';

/** The comment id a queued deletion is about (its path ends with it). */
function deletedId(entry: OutboxEntry): number {
  return Number(entry.requests[0]?.path.split('/').pop());
}

/**
 * docs/PRODUCT.md#comments comments under a resource: newest first, as plain text (React
 * escapes it; line breaks kept by CSS). Writing and deleting go through the
 * outbox, so a comment made offline shows as pending and is sent later.
 * A failed load shows nothing more than an empty thread (docs/PRODUCT.md#failure-messages: comment
 * failures are silent).
 */
export function CommentsSection({ resource }: { resource: ResourceDetail }) {
  const session = useSession();
  const location = useLocation();
  const t = esSocial.comments;
  const [comments, setComments] = useState<Comment[]>([]);
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState(1);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<Comment | null>(null);
  const entries = useOutboxEntries(resource.id);

  useEffect(() => {
    const abort = new AbortController();
    getComments(resource.id, page, abort.signal).then(
      (answer) => {
        setComments((current) => merge(current, answer.data));
        setLastPage(answer.last_page);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [resource.id, page]);

  useWriteSent(
    useCallback(
      (entry: OutboxEntry, answer: unknown) => {
        if (entry.resourceId !== resource.id) return;
        if (entry.kind === 'comment') setComments((current) => merge(current, [answer as Comment]));
        if (entry.kind === 'uncomment') setComments((current) => current.filter((comment) => comment.id !== deletedId(entry)));
      },
      [resource.id],
    ),
  );

  const pendingComments = entries.filter((entry) => entry.kind === 'comment');
  const beingDeleted = new Set(entries.filter((entry) => entry.kind === 'uncomment' && entry.status === 'pending').map(deletedId));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const comment = text.trim();
    const problem = comment === '' ? t.tooShort : textLength(comment) > COMMENT_MAX ? t.tooLong : null;
    setError(problem);
    if (problem || sending) return;
    setSending(true);
    try {
      const body: CreateComment = { content_id: resource.id, comment };
      // queued offline: the thread shows it as pending (no notification, whose code may not be loaded yet)
      await submitWrite({
        kind: 'comment',
        resourceId: resource.id,
        label: fill(t.addLabel, { title: resource.title }),
        requests: [{ method: 'POST', path: socialPaths.createComment, body }],
      });
      setText('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  };

  const remove = async (comment: Comment) => {
    try {
      const outcome = await submitWrite({
        kind: 'uncomment',
        resourceId: resource.id,
        label: fill(t.removeLabel, { title: resource.title }),
        requests: [{ method: 'POST', path: socialPaths.deleteComment(comment.id) }],
      });
      setRemoving(null);
      if (outcome.sent) notifySuccess(t.removed);
    } catch (failure) {
      notifyError(errorText(failure));
    }
  };

  const count = textLength(text.trim());
  return (
    <section className="comments" aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title">{t.title}</h2>
      {session.loggedIn ? (
        <form className="comments__form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor="comment-text">{t.label}</label>
          <textarea
            id="comment-text"
            className="input"
            rows={3}
            value={text}
            placeholder={t.placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby="comment-help"
            onChange={(event) => setText(event.target.value)}
          />
          <div className="comments__form-row">
            <span id="comment-help" className={error ? 'comments__error' : 'comments__counter'} role={error ? 'alert' : undefined}>
              {error ?? fill(t.counter, { count, max: COMMENT_MAX })}
            </span>
            <button type="submit" className="button" disabled={sending}>
              {sending ? t.sending : t.send}
            </button>
          </div>
        </form>
      ) : (
        <p className="comments__login">
          {t.loginToComment} <Link to={`/login?cb=${encodeURIComponent(location.pathname)}`}>{t.login}</Link>
        </p>
      )}
      <ol className="comments__list">
        {pendingComments
          .slice()
          .reverse()
          .map((entry) => (
            <li key={`pending-${entry.id}`} className="comment comment--pending" data-testid="comment-pending">
              <div className="comment__meta">
                <strong>{session.userName}</strong>
                {entry.status === 'pending' ? <PendingBadge /> : <span className="pending-badge pending-badge--failed">{esSocial.outbox.failedBadge}</span>}
              </div>
              <p className="comment__text">{bodyOf<CreateComment>(entry).comment}</p>
            </li>
          ))}
        {comments
          .filter((comment) => !beingDeleted.has(comment.id))
          .map((comment) => (
            <li key={comment.id} className="comment" data-testid="comment">
              <div className="comment__meta">
                {comment.user ? <Link to={`/user/${comment.user.id}`}>{comment.user.user_name}</Link> : <span>{t.anonymous}</span>}
                <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
                {comment.canDelete && session.loggedIn && (
                  <button type="button" className="button button--danger comment__delete" onClick={() => setRemoving(comment)}>
                    {t.remove}
                  </button>
                )}
              </div>
              <p className="comment__text">{comment.comment}</p>
            </li>
          ))}
      </ol>
      {comments.length === 0 && pendingComments.length === 0 && <p className="library-empty">{t.empty}</p>}
      {page < lastPage && (
        <button type="button" className="button button--light comments__more" onClick={() => setPage((current) => current + 1)}>
          {t.more}
        </button>
      )}
      {removing && <DeleteDialog wording={t.removeWording} onConfirm={() => remove(removing)} onCancel={() => setRemoving(null)} />}
    </section>
  );
}

/** Adds comments to the thread once each, newest first. */
function merge(current: readonly Comment[], more: readonly Comment[]): Comment[] {
  const byId = new Map(current.map((comment) => [comment.id, comment]));
  for (const comment of more) byId.set(comment.id, comment);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}
