import type { User } from '@kit/contract';
import { useState } from 'react';
import { deleteUser, downloadCsv, issueTemporaryCredentials, setAdmin, setBlocked } from '../../api/admin.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/modal/ConfirmDialog.tsx';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog.tsx';
import { useUserList, type ListedUser } from './use-user-list.ts';
import type { AdminPages } from '../../ui/admin-pages.ts';

const t = esAdmin.users;

/** /admin/users: list, search, detail, delete, block, admin, temporary credentials, CSV. */
export function AdminUsersPage() {
  const { q, setQ, page, setPage, items, setItems, lastPage, loading, error } = useUserList();
  // Deleting and blocking ask first; the other actions are undone with one tap.
  const [confirm, setConfirm] = useState<ListedUser | null>(null);
  const [blocking, setBlocking] = useState<ListedUser | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [credentials, setCredentials] = useState<{ user_name: string; password: string } | null>(null);

  const replace = (u: User) => setItems((list) => list.map((x) => (x.id === u.id ? u : x)));
  const act = async (work: () => Promise<User>) => {
    try {
      replace(await work());
      notifySuccess(t.changed);
    } catch (e) {
      notifyError(e instanceof ApiError && e.message ? e.message : esAdmin.users.loadError);
    }
  };
  const remove = async (user: ListedUser) => {
    setConfirm(null);
    setItems((list) => list.map((x) => (x.id === user.id ? { ...x, deleting: true, deleteError: undefined } : x)));
    try {
      await deleteUser(user.id);
      setItems((list) => list.filter((x) => x.id !== user.id));
    } catch (e) {
      const message = e instanceof ApiError ? e.message : String(e);
      setItems((list) => list.map((x) => (x.id === user.id ? { ...x, deleting: false, deleteError: message } : x)));
    }
  };
  const tempPassword = async (user: User) => {
    try {
      setCredentials(await issueTemporaryCredentials(user.id));
    } catch (e) {
      notifyError(e instanceof ApiError ? e.message : t.loadError);
    }
  };

  return (
    <section className="admin-page">
      <h1>{t.title}</h1>
      <div className="admin-toolbar">
        <input
          type="search"
          className="input"
          aria-label={t.search}
          placeholder={t.search}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <button type="button" className="button" onClick={() => downloadCsv('/v2/admin/users.csv', 'usuarios.csv').catch(() => notifyError(t.exportError))}>
          {t.export}
        </button>
      </div>
      {error && <p className="admin-error" role="alert">{error}</p>}
      {!loading && !error && items.length === 0 && <p>{t.none}</p>}
      <table className="admin-table admin-table--cards" aria-busy={loading}>
        <tbody>
          {items.map((u) => (
            <tr key={u.id} data-testid={`user-row-${u.user_name}`}>
              <td>
                <button type="button" className="button button--light" onClick={() => setDetail(detail === u.id ? null : u.id)} aria-expanded={detail === u.id}>
                  {u.user_name}
                </button>
                {u.isAdmin && <> · {t.admin}</>}
                {u.blocked && <> · {t.blocked}</>}
                {detail === u.id && (
                  <dl className="admin-detail">
                    <dt>Nombre</dt><dd>{`${u.name} ${u.last_name}`.trim() || '—'}</dd>
                    <dt>Correo</dt><dd>{u.email ?? '—'}</dd>
                    <dt>Teléfono</dt><dd>{[u.code_phone, u.phone_number].filter(Boolean).join(' ') || '—'}</dd>
                    <dt>Creado</dt><dd>{u.created_at.slice(0, 10).split('-').reverse().join('/')}</dd>
                  </dl>
                )}
                {u.deleteError && <p className="admin-error" role="alert">{u.deleteError}</p>}
              </td>
              <td className="admin-actions">
                {u.blocked ? (
                  <button type="button" className="button button--light" onClick={() => void act(() => setBlocked(u.id, false))}>{t.unblock}</button>
                ) : (
                  <button type="button" className="button button--danger" onClick={() => setBlocking(u)}>{t.block}</button>
                )}
                <button type="button" className="button button--light" onClick={() => void act(() => setAdmin(u.id, !u.isAdmin))}>{u.isAdmin ? t.unmakeAdmin : t.makeAdmin}</button>
                <button type="button" className="button button--light" onClick={() => void tempPassword(u)}>{t.tempPassword}</button>
                <button type="button" className="button button--danger" disabled={u.deleting} onClick={() => setConfirm(u)}>{u.deleting ? t.deleting : t.delete}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin-toolbar">
        <button type="button" className="button button--light" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t.prev}</button>
        <span>{t.page(page, lastPage)}</span>
        <button type="button" className="button button--light" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>{t.next}</button>
      </div>
      {credentials && <TemporaryPasswordDialog userName={credentials.user_name} password={credentials.password} onClose={() => setCredentials(null)} />}
      {blocking && (
        <ConfirmDialog
          title={t.blockTitle}
          message={t.blockBody(blocking.user_name)}
          confirmLabel={t.block}
          workingLabel={t.blocking}
          danger
          onConfirm={async () => {
            setBlocking(null);
            await act(() => setBlocked(blocking.id, true));
          }}
          onCancel={() => setBlocking(null)}
        />
      )}
      {confirm && <DeleteDialog wording={t.deleteWording(confirm.user_name)} onConfirm={() => remove(confirm)} onCancel={() => setConfirm(null)} />}
    </section>
  );
}

export const adminPages: AdminPages = { users: { Component: AdminUsersPage } };
