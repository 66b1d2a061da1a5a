import type { Playlist, PlaylistCard, ResourceDetail } from '@kit/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { getUserPlaylists, socialPaths } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { submitWrite } from '../../offline/outbox-runtime.ts';
import { fill } from '../../ui/fill.ts';
import { Modal } from '../../ui/modal/Modal.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { PendingBadge } from '../social/OutboxNotices.tsx';
import { checkListName } from './list-name.ts';
import { errorText } from '../social/social-errors.ts';
import '../social/social.css';
import './lists.css';

interface Row extends PlaylistCard {
  pending?: boolean;
}

/**
 * "Añadir a una lista" from a resource page: the user's lists, each saying
 * whether it holds the resource (add or take it out), and a new list made
 * with the resource in it. Every change goes through the outbox.
 */
export function AddToListDialog({ resource, userId, onClose }: { resource: ResourceDetail; userId: number; onClose: () => void }) {
  const t = esSocial.lists;
  const [lists, setLists] = useState<Row[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    getUserPlaylists(userId, resource.id, abort.signal).then(setLists, () => {
      if (!abort.signal.aborted) setLoadFailed(true);
    });
    return () => abort.abort();
  }, [userId, resource.id]);

  const toggle = async (list: Row) => {
    const adding = !list.hasResource;
    setBusy(true);
    try {
      const outcome = await submitWrite({
        kind: 'list',
        resourceId: resource.id,
        label: fill(adding ? t.addLabel : t.removeLabel, { title: resource.title, name: list.name }),
        requests: adding
          ? [{ method: 'POST', path: socialPaths.playlistItems(list.id), body: { resource_id: resource.id } }]
          : [{ method: 'DELETE', path: socialPaths.playlistItem(list.id, resource.id) }],
      });
      setLists((current) => current?.map((row) => (row.id === list.id ? { ...row, hasResource: adding, pending: !outcome.sent } : row)) ?? null);
      if (outcome.sent) notifySuccess(fill(adding ? t.added : t.removedFrom, { name: list.name }));
      else notifyInfo(esSocial.outbox.queued);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkListName(name);
    setNameError(checked.error);
    if (checked.error || busy) return;
    setBusy(true);
    try {
      // the list, then the resource in it: the second path takes the new list's id when the first answers
      const outcome = await submitWrite({
        kind: 'list',
        resourceId: resource.id,
        label: fill(t.createLabel, { name: checked.name }),
        requests: [
          { method: 'POST', path: socialPaths.playlists, body: { name: checked.name } },
          { method: 'POST', path: socialPaths.playlistItems('{id}'), body: { resource_id: resource.id } },
        ],
      });
      setName('');
      if (outcome.sent) {
        const list = outcome.answer as Playlist;
        const card: Row = { id: list.id, name: list.name, createdAt: list.createdAt, updatedAt: list.createdAt, count: list.content.length, coverUrl: null, hasResource: true };
        setLists((current) => [card, ...(current ?? [])]);
        notifySuccess(fill(t.added, { name: list.name }));
      } else {
        notifyInfo(esSocial.outbox.queued);
        onClose();
      }
    } catch (error) {
      setNameError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t.dialogTitle} closeLabel={t.close} onClose={onClose} className="list-dialog">
      <ListRows lists={lists} loadFailed={loadFailed} resourceTitle={resource.title} busy={busy} onToggle={(list) => void toggle(list)} />
      <form className="list-dialog__new" onSubmit={(event) => void create(event)} noValidate>
        <label htmlFor="new-list-name">{t.newName}</label>
        <input
          id="new-list-name"
          className="input"
          value={name}
          maxLength={200}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'new-list-error' : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameError && (
          <p id="new-list-error" className="social-error" role="alert">
            {nameError}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t.createAndAdd}
        </button>
      </form>
    </Modal>
  );
}

/** The user's lists once they come, each saying whether it holds the resource, with the button that adds it or takes it out. */
function ListRows({ lists, loadFailed, resourceTitle, busy, onToggle }: { lists: Row[] | null; loadFailed: boolean; resourceTitle: string; busy: boolean; onToggle: (list: Row) => void }) {
  const t = esSocial.lists;
  if (loadFailed) return <p role="alert">{t.loadFailed}</p>;
  if (lists === null) return <p>{t.loading}</p>;
  if (lists.length === 0) return <p className="library-empty">{t.none}</p>;
  return (
    <ul className="list-dialog__lists">
      {lists.map((list) => (
        <li key={list.id} className="list-dialog__row" data-testid="list-row">
          <span className="list-dialog__name">{list.name}</span>
          {list.pending && <PendingBadge />}
          <button
            type="button"
            className={list.hasResource ? 'button button--light' : 'button'}
            aria-label={fill(list.hasResource ? t.removeLabel : t.addLabel, { title: resourceTitle, name: list.name })}
            disabled={busy}
            onClick={() => onToggle(list)}
          >
            {list.hasResource ? t.remove : t.add}
          </button>
        </li>
      ))}
    </ul>
  );
}
