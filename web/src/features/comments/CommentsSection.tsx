import type { Comment, CreateComment, ResourceDetail } from '@kit/contract';
import { COMMENT_MAX } from '@kit/contract/values';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { socialPaths } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { submitWrite } from '../../offline/outbox-runtime.ts';
import { SubmitButton } from '../../ui/forms/Field.tsx';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { fill } from '../../ui/fill.ts';
import { formatDate } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { useSession } from '../../session/session-store.ts';
import { PendingBadge } from '../social/OutboxNotices.tsx';
import { errorText, textLength } from '../social/social-errors.ts';
import { bodyOf, useOutboxEntries } from '../social/use-outbox.ts';
import { deletedId, useCommentDraft, useCommentThread } from './use-comments.ts';
import '../social/social.css';
import './comments.css';

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
  const { text, setText, error, sending, submit } = useCommentDraft(resource);
  const [removing, setRemoving] = useState<Comment | null>(null);
  const entries = useOutboxEntries(resource.id);
  const { comments, hasMore, loadMore } = useCommentThread(resource.id);

  const pendingComments = entries.filter((entry) => entry.kind === 'comment');
  const beingDeleted = new Set(entries.filter((entry) => entry.kind === 'uncomment' && entry.status === 'pending').map(deletedId));

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
            <span id="comment-help" className={error ? 'social-error' : 'comments__counter'} role={error ? 'alert' : undefined}>
              {error ?? fill(t.counter, { count, max: COMMENT_MAX })}
            </span>
            <SubmitButton busy={sending} label={t.send} busyLabel={t.sending} />
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
      {hasMore && (
        <button type="button" className="button button--light comments__more" onClick={loadMore}>
          {t.more}
        </button>
      )}
      {removing && <DeleteDialog wording={t.removeWording} onConfirm={() => remove(removing)} onCancel={() => setRemoving(null)} />}
    </section>
  );
}
