import type { SyncStatus } from '@kit/contract';
import { exportDownloadUrl } from './sync-api.ts';
import { esSync as t } from '../../i18n/es-sync.ts';
import { SyncProgress } from './SyncProgress.tsx';

/** The kit's current or last sync job: its progress, its message and, for a finished export, the download. */
export function SyncJobCard({ job }: { job: NonNullable<SyncStatus['job']> }) {
  const failed = job.state === 'failed';
  return (
    <div className="admin-card" data-testid="sync-job" data-state={job.state}>
      <SyncProgress testId="job-progress" state={{ title: failed ? t.progress.failed : t.progress[job.kind], done: job.bytesDone, total: job.bytesTotal, etaSeconds: job.etaSeconds }} />
      {job.message && <p className={failed ? 'admin-error' : undefined} role={failed ? 'alert' : undefined}>{job.message}</p>}
      {job.state === 'done' && job.download && (
        <a className="button" href={exportDownloadUrl(job.download)} download>{t.export.ready}</a>
      )}
    </div>
  );
}
