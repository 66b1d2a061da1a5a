import type { Playlist, PlaylistCard, ResourceSummary } from '@kit/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { getFavorites, getUserPlaylists, socialPaths } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { submitWrite } from '../../offline/outbox-runtime.ts';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { fill } from '../../ui/fill.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { PlaylistItems } from '../library/PlaylistItems.tsx';
import { OutboxNotices, PendingBadge } from '../social/OutboxNotices.tsx';
import { checkListName } from './list-name.ts';
import { errorText } from '../social/social-errors.ts';
import '../social/social.css';
import './lists.css';

interface Row extends PlaylistCard {
  pending?: boolean;
}

/** A profile's favourites and lists; on one's own profile the lists can be made, renamed and deleted. */
export function ProfileLists({ userId, own }: { userId: number; own: boolean }) {
  return (
    <div className="profile-lists">
      {own && <OutboxNotices />}
      <Favorites userId={userId} />
      <Lists userId={userId} own={own} />
    </div>
  );
}

function Favorites({ userId }: { userId: number }) {
  const t = esSocial.profile;
  const [items, setItems] = useState<ResourceSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState(1);

  useEffect(() => {
    const abort = new AbortController();
    getFavorites(userId, page, abort.signal).then(
      (answer) => {
        setItems((current) => (page === 1 ? answer.data : [...(current ?? []), ...answer.data]));
        setLastPage(answer.last_page);
      },
      () => {
        if (!abort.signal.aborted) setFailed(true);
      },
    );
    return () => abort.abort();
  }, [userId, page]);

  if (failed) return <p role="alert">{t.favoritesFailed}</p>;
  if (items === null) return null;
  return (
    <div className="profile-lists__favorites" data-testid="profile-favorites">
      {items.length === 0 ? (
        <section className="playlist">
          <h2>{t.favorites}</h2>
          <p className="library-empty">{t.favoritesEmpty}</p>
        </section>
      ) : (
        <PlaylistItems items={items} title={t.favorites} />
      )}
      {page < lastPage && (
        <button type="button" className="button button--light" onClick={() => setPage((current) => current + 1)}>
          {esSocial.comments.more}
        </button>
      )}
    </div>
  );
}

function Lists({ userId, own }: { userId: number; own: boolean }) {
  const t = esSocial.lists;
  const [lists, setLists] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    getUserPlaylists(userId, undefined, abort.signal).then(setLists, () => {
      if (abort.signal.aborted) return;
      setFailed(true);
      // docs/PRODUCT.md#failure-messages, word for word
      notifyError(t.loadFailed);
    });
    return () => abort.abort();
  }, [userId, t.loadFailed]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkListName(name);
    setNameError(checked.error);
    if (checked.error) return;
    try {
      const outcome = await submitWrite({
        kind: 'list',
        label: fill(t.createLabel, { name: checked.name }),
        requests: [{ method: 'POST', path: socialPaths.playlists, body: { name: checked.name } }],
      });
      setName('');
      if (outcome.sent) {
        const list = outcome.answer as Playlist;
        setLists((current) => [{ id: list.id, name: list.name, createdAt: list.createdAt, updatedAt: list.createdAt, count: 0, coverUrl: null }, ...(current ?? [])]);
        notifySuccess(fill(t.created, { name: list.name }));
      } else {
        notifyInfo(esSocial.outbox.queued);
      }
    } catch (error) {
      setNameError(errorText(error));
    }
  };

  const rename = async (list: Row, raw: string): Promise<string | null> => {
    const checked = checkListName(raw);
    if (checked.error) return checked.error;
    try {
      const outcome = await submitWrite({
        kind: 'list',
        label: fill(t.renameLabel, { name: list.name }),
        requests: [{ method: 'PUT', path: socialPaths.playlist(list.id), body: { name: checked.name } }],
      });
      setLists((current) => current?.map((row) => (row.id === list.id ? { ...row, name: checked.name, pending: !outcome.sent } : row)) ?? null);
      if (outcome.sent) notifySuccess(t.renamed);
      else notifyInfo(esSocial.outbox.queued);
      return null;
    } catch (error) {
      return errorText(error);
    }
  };

  const remove = async (list: Row) => {
    try {
      const outcome = await submitWrite({
        kind: 'list',
        label: fill(t.deleteLabel, { name: list.name }),
        requests: [{ method: 'DELETE', path: socialPaths.playlist(list.id) }],
      });
      setLists((current) => current?.filter((row) => row.id !== list.id) ?? null);
      setDeleting(null);
      if (outcome.sent) notifySuccess(t.deleted);
      else notifyInfo(esSocial.outbox.queued);
    } catch {
      // docs/PRODUCT.md#failure-messages, word for word
      notifyError(t.deleteFailed);
    }
  };

  return (
    <section className="playlist profile-lists__lists" aria-labelledby="profile-lists-title" data-testid="profile-lists">
      <h2 id="profile-lists-title">{esSocial.profile.lists}</h2>
      {failed || lists === null ? null : lists.length === 0 ? (
        <p className="library-empty">{esSocial.profile.listsEmpty}</p>
      ) : (
        <ul className="profile-lists__items">
          {lists.map((list) => (
            <ListRow key={list.id} list={list} own={own} onRename={rename} onDelete={() => setDeleting(list)} />
          ))}
        </ul>
      )}
      {own && (
        <form className="list-dialog__new" onSubmit={(event) => void create(event)} noValidate>
          <label htmlFor="profile-new-list">{t.newName}</label>
          <input id="profile-new-list" className="input" value={name} maxLength={200} aria-invalid={nameError ? true : undefined} onChange={(event) => setName(event.target.value)} />
          {nameError && (
            <p className="social-error" role="alert">
              {nameError}
            </p>
          )}
          <button type="submit" className="button">
            {t.create}
          </button>
        </form>
      )}
      {deleting && (
        <DeleteDialog wording={t.deleteWording(deleting.name)} onConfirm={() => remove(deleting)} onCancel={() => setDeleting(null)} />
      )}
    </section>
  );
}

function ListRow({ list, own, onRename, onDelete }: { list: Row; own: boolean; onRename: (list: Row, name: string) => Promise<string | null>; onDelete: () => void }) {
  const t = esSocial.lists;
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await onRename(list, name);
    setError(problem);
    if (!problem) setEditing(false);
  };

  if (editing) {
    return (
      <li className="profile-lists__row">
        <form className="profile-lists__rename" onSubmit={(event) => void save(event)} noValidate>
          <input className="input" aria-label={t.rename} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button">
            {t.renameSave}
          </button>
          <button type="button" className="button button--light" onClick={() => setEditing(false)}>
            {t.renameCancel}
          </button>
          {error && (
            <p className="social-error" role="alert">
              {error}
            </p>
          )}
        </form>
      </li>
    );
  }
  return (
    <li className="profile-lists__row" data-testid="profile-list">
      <Link to={`/list/${list.id}`}>{list.name}</Link>
      <span className="profile-lists__count">{fill(t.count, { count: list.count })}</span>
      {list.pending && <PendingBadge />}
      {own && (
        <>
          <button type="button" className="button button--light" onClick={() => setEditing(true)}>
            {t.rename}
          </button>
          <button type="button" className="button button--danger" onClick={onDelete}>
            {t.delete}
          </button>
        </>
      )}
    </li>
  );
}
