import type { SyncDrive, SyncJob } from '@kit/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { backupDownloadUrl, getSyncStatus, restoreBackup, restoreFromUsb, startBackup } from './sync-api.ts';
import { esSync } from '../../i18n/es-sync.ts';
import { FileField } from '../../ui/forms/FileField.tsx';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { estimateEta, SyncProgress, type ProgressState } from './SyncProgress.tsx';
import './sync.css';

const t = esSync.backup;
const POLL_MS = 700;

/** /admin/data's backup and restore of the whole kit. */
export function BackupPanel() {
  const [job, setJob] = useState<SyncJob | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<ProgressState | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const [drives, setDrives] = useState<SyncDrive[]>([]);
  const [destination, setDestination] = useState('');

  useEffect(() => {
    const ctrl = new AbortController();
    getSyncStatus(ctrl.signal).then((s) => setDrives(s.drives), () => undefined);
    return () => ctrl.abort();
  }, []);

  const running = job?.state === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      getSyncStatus().then((s) => {
        if (s.job?.kind !== 'backup') return;
        setJob(s.job);
        if (s.job.state === 'failed') notifyError(s.job.message ?? esSync.progress.failed);
      }, () => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running]);

  const onBackup = () => {
    startBackup(destination || null).then(setJob, (err: unknown) => notifyError(err instanceof ApiError ? err.message : esSync.loadError));
  };

  const onUsbRestore = (drive: string, name: string) => {
    setRestored(null);
    restoreFromUsb(drive, name).then(
      (result) => {
        setRestored(result.message);
        notifySuccess(result.message);
      },
      (err: unknown) => notifyError(err instanceof ApiError ? err.message : esSync.loadError),
    );
  };

  const onRestore = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return notifyError(t.noFile);
    const startedAt = Date.now();
    setRestored(null);
    setUpload({ title: t.restoring, done: 0, total: file.size, etaSeconds: null });
    try {
      const result = await restoreBackup(file, (done, total) => setUpload({ title: t.restoring, done, total, etaSeconds: estimateEta(startedAt, done, total) }));
      setRestored(result.message);
      notifySuccess(result.message);
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : esSync.loadError);
    } finally {
      setUpload(null);
    }
  };

  return (
    <div data-testid="backup-panel">
      <h2>{t.title}</h2>
      <p>{t.intro}</p>
      <div className="admin-toolbar">
        <label>
          {esSync.export.destination}{' '}
          <select className="input" value={destination} onChange={(e) => setDestination(e.target.value)}>
            <option value="">{esSync.export.download}</option>
            {drives.map((d) => <option key={d.path} value={d.path}>{esSync.export.usb(d.label)}</option>)}
          </select>
        </label>
        <button type="button" className="button" disabled={running} onClick={onBackup}>{t.create}</button>
      </div>
      {job && (
        <div className="admin-card" data-testid="backup-job" data-state={job.state}>
          <SyncProgress testId="backup-progress" state={{ title: job.state === 'failed' ? esSync.progress.failed : esSync.progress.backup, done: job.bytesDone, total: job.bytesTotal, etaSeconds: job.etaSeconds }} />
          {job.state === 'done' && job.download && <a className="button" href={backupDownloadUrl(job.download)} download>{t.download}</a>}
        </div>
      )}
      <form className="admin-form" onSubmit={(e) => void onRestore(e)}>
        <FileField id="sync-backup-file" label={t.file} accept=".kitbackup,application/octet-stream" onChange={setFile} />
        <button type="submit" className="button" disabled={upload !== null}>{t.restore}</button>
      </form>
      {upload && <SyncProgress testId="restore-progress" state={upload} />}
      {drives.flatMap((d) =>
        d.backups.map((b) => (
          <p key={`${d.path}/${b.name}`}>
            {d.label}: {b.name}{' '}
            <button type="button" className="button" onClick={() => onUsbRestore(d.path, b.name)}>{t.restore}</button>
          </p>
        )),
      )}
      {restored && <p role="status">{restored}</p>}
    </div>
  );
}
