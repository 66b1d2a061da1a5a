import type { User } from '@kit/contract';
import { useCallback, useEffect, useState } from 'react';
import { getUsers } from '../../api/admin.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { notifyError } from '../../ui/notifications/notifications-store.ts';

const t = esAdmin.users;
/** docs/PRODUCT.md#user-admin: a user in the list, with the transient deleting flag and deleteError. */
export type ListedUser = User & { deleting?: boolean; deleteError?: string };

/** /admin/users' list: the search and page asked, the users the kit answered, whether that answer is still coming, and its failure. */
export function useUserList() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<ListedUser[]>([]);
  const [lastPage, setLastPage] = useState(1);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const key = `${page}|${q}`;
  const loading = loadedFor !== key;
  const [error, setError] = useState<string | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    const asked = `${page}|${q}`;
    getUsers(page, q, signal).then(
      (res) => {
        setItems(res.data);
        setLastPage(res.last_page);
        setError(null);
        setLoadedFor(asked);
      },
      () => {
        if (signal?.aborted) return;
        setError(t.loadError);
        notifyError(t.loadError);
        setLoadedFor(asked);
      },
    );
  }, [page, q]);

  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  return { q, setQ, page, setPage, items, setItems, lastPage, loading, error };
}
