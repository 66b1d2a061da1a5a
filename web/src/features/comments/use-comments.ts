import type { Comment, CreateComment, ResourceDetail } from '@kit/contract';
import { COMMENT_MAX } from '@kit/contract/values';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { getComments, socialPaths } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import type { OutboxEntry } from '../../offline/db.ts';
import { submitWrite } from '../../offline/outbox-runtime.ts';
import { fill } from '../../ui/fill.ts';
import { errorText, textLength } from '../social/social-errors.ts';
import { useWriteSent } from '../social/use-outbox.ts';

/** The comment id a queued deletion is about (its path ends with it). */
export function deletedId(entry: OutboxEntry): number {
  return Number(entry.requests[0]?.path.split('/').pop());
}

/** Adds comments to the thread once each, newest first. */
function merge(current: readonly Comment[], more: readonly Comment[]): Comment[] {
  const byId = new Map(current.map((comment) => [comment.id, comment]));
  for (const comment of more) byId.set(comment.id, comment);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/**
 * A resource's comments as loaded so far, a page more on `loadMore`, with
 * what the outbox sends added or taken out; a failed load leaves them as
 * they are.
 */
export function useCommentThread(resourceId: number) {
  const [comments, setComments] = useState<Comment[]>([]);
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState(1);

  useEffect(() => {
    const abort = new AbortController();
    getComments(resourceId, page, abort.signal).then(
      (answer) => {
        setComments((current) => merge(current, answer.data));
        setLastPage(answer.last_page);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [resourceId, page]);

  useWriteSent(
    useCallback(
      (entry: OutboxEntry, answer: unknown) => {
        if (entry.resourceId !== resourceId) return;
        if (entry.kind === 'comment') setComments((current) => merge(current, [answer as Comment]));
        if (entry.kind === 'uncomment') setComments((current) => current.filter((comment) => comment.id !== deletedId(entry)));
      },
      [resourceId],
    ),
  );

  return { comments, hasMore: page < lastPage, loadMore: () => setPage((current) => current + 1) };
}

/**
 * The comment being written: its text, why it cannot be sent (empty, too
 * long, or the outbox's refusal) and `submit`, which sends it through the
 * outbox and empties the box.
 */
export function useCommentDraft(resource: ResourceDetail) {
  const t = esSocial.comments;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

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

  return { text, setText, error, sending, submit };
}
