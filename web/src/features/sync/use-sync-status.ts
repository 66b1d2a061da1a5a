import type { ImportReportBody, SyncStatus } from '@kit/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { getSyncStatus } from './sync-api.ts';
import { esSync } from '../../i18n/es-sync.ts';
import { notifyError } from '../../ui/notifications/notifications-store.ts';

const POLL_MS = 700;

/** What to tell the admin about a failed sync call: the kit's message, or that the page could not load. */
export const syncErrorText = (err: unknown) => (err instanceof ApiError ? err.message : esSync.loadError);

/**
 * The kit's sync status for /admin/sync: read once, polled while a job runs,
 * and the job the page started followed until it ends (its failure said, its
 * import report kept).
 */
export function useSyncStatus() {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [report, setReport] = useState<ImportReportBody | null>(null);
  const watchedJob = useRef<number | null>(null);

  const apply = useCallback((next: SyncStatus) => {
    setStatus(next);
    const job = next.job;
    if (job && job.id === watchedJob.current && job.state !== 'running') {
      watchedJob.current = null;
      if (job.state === 'failed') notifyError(job.message ?? esSync.progress.failed);
      if (job.report) setReport(job.report);
    }
  }, []);
  const refresh = useCallback(() => getSyncStatus().then(apply), [apply]);

  useEffect(() => {
    const ctrl = new AbortController();
    getSyncStatus(ctrl.signal).then(apply, () => notifyError(esSync.loadError));
    return () => ctrl.abort();
  }, [apply]);

  // While a job runs, its progress is polled.
  const running = status?.job?.state === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => void refresh().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  /** Starts a server-side job and follows it until it ends. */
  const follow = useCallback(
    async (start: () => Promise<{ id: number }>) => {
      setReport(null);
      try {
        watchedJob.current = (await start()).id;
        await refresh();
      } catch (err) {
        notifyError(syncErrorText(err));
      }
    },
    [refresh],
  );

  return { status, running, refresh, follow, report, setReport };
}
