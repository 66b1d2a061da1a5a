import type { ManagedPage, ManagedSummary } from '@kit/contract';
import { useEffect, useState } from 'react';
import { getAdminResources } from '../../api/moderation.ts';
import { notifyError } from '../../ui/notifications/notifications-store.ts';
import { loadErrorOf, readFilters, type ModerationList } from './moderation-lists.ts';

/**
 * The page of an admin list that the address's filters (`query`) ask for: loaded
 * again when they change or on reload(), its rows changed in place after a move.
 */
export function useModerationPage(list: ModerationList, query: string) {
  const [data, setData] = useState<ManagedPage | null>(null);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const loading = loadedFor !== `${query}#${reloads}`;

  useEffect(() => {
    const ctrl = new AbortController();
    const asked = `${query}#${reloads}`;
    const current = readFilters(new URLSearchParams(query));
    getAdminResources(list, current, ctrl.signal).then(
      (page) => {
        setData(page);
        setError(null);
        setLoadedFor(asked);
      },
      () => {
        if (ctrl.signal.aborted) return;
        setError(loadErrorOf(list));
        notifyError(loadErrorOf(list));
        setLoadedFor(asked);
      },
    );
    return () => ctrl.abort();
  }, [list, query, reloads]);

  const reload = () => setReloads((n) => n + 1);
  const replaceRow = (id: number, change: (row: ManagedSummary) => ManagedSummary) =>
    setData((page) => (page ? { ...page, data: page.data.map((row) => (row.id === id ? change(row) : row)) } : page));
  const removeRow = (id: number) =>
    setData((page) => (page ? { ...page, data: page.data.filter((row) => row.id !== id), total: Math.max(0, page.total - 1) } : page));

  return { data, error, loading, reload, replaceRow, removeRow };
}
