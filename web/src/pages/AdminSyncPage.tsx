import type { Category, ImportArrival, ImportReportBody, SyncStatus } from '@kit/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { getCategoryTypes } from '../api/library.ts';
import { ApiError } from '../api/client.ts';
import { addTrustedKey, exportCertificates, exportDownloadUrl, getSyncStatus, importFromUsb, publishFeed, removeTrustedKey, startExport, syncNow, uploadPack } from '../api/sync.ts';
import { formatFileSize } from '../ui/format.ts';
import { notifyError, notifySuccess } from '../ui/notifications/notifications-store.ts';
import { HubCertificatesPanel } from '../features/sync/HubCertificatesPanel.tsx';
import { ImportReportView } from '../features/sync/ImportReportView.tsx';
import { estimateEta, SyncProgress, type ProgressState } from '../features/sync/SyncProgress.tsx';
import { esSync } from '../i18n/es-sync.ts';
import '../features/sync/sync.css';

const t = esSync;
const POLL_MS = 700;
const errorText = (err: unknown) => (err instanceof ApiError ? err.message : t.loadError);

/** /admin/sync: export and import content packs (download, upload or USB), trusted publishers, history. */
export function AdminSyncPage() {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [scope, setScope] = useState<'whole' | 'chosen'>('whole');
  const [chosen, setChosen] = useState<number[]>([]);
  const [destination, setDestination] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [arrival, setArrival] = useState<ImportArrival>('pending');
  const [acceptUntrusted, setAcceptUntrusted] = useState(false);
  const [upload, setUpload] = useState<ProgressState | null>(null);
  const [report, setReport] = useState<ImportReportBody | null>(null);
  const [newKey, setNewKey] = useState({ label: '', publicKey: '' });
  const watchedJob = useRef<number | null>(null);

  const apply = useCallback((next: SyncStatus) => {
    setStatus(next);
    const job = next.job;
    if (job && job.id === watchedJob.current && job.state !== 'running') {
      watchedJob.current = null;
      if (job.state === 'failed') notifyError(job.message ?? t.progress.failed);
      if (job.report) setReport(job.report);
    }
  }, []);
  const refresh = useCallback(() => getSyncStatus().then(apply), [apply]);

  useEffect(() => {
    const ctrl = new AbortController();
    getSyncStatus(ctrl.signal).then(apply, () => notifyError(t.loadError));
    getCategoryTypes(false, ctrl.signal).then(setCategories, () => undefined);
    return () => ctrl.abort();
  }, [apply]);

  // While a job runs, its progress is polled.
  const running = status?.job?.state === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => void refresh().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  const onExport = (e: FormEvent) => {
    e.preventDefault();
    if (scope === 'chosen' && chosen.length === 0) return notifyError(t.export.noCategory);
    void follow(() => startExport(scope === 'chosen' ? chosen : null, destination || null));
  };

  const onImport = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return notifyError(t.import.noFile);
    setReport(null);
    const startedAt = Date.now();
    setUpload({ title: t.progress.import, done: 0, total: file.size, etaSeconds: null });
    try {
      const result = await uploadPack(file, arrival, acceptUntrusted, (done, total) =>
        setUpload({ title: t.progress.import, done, total, etaSeconds: estimateEta(startedAt, done, total) }),
      );
      setReport(result);
      notifySuccess(t.report.summary(result));
    } catch (err) {
      notifyError(errorText(err));
    } finally {
      setUpload(null);
      await refresh().catch(() => undefined);
    }
  };

  /** Starts a server-side job and follows it until it ends. */
  const follow = async (start: () => Promise<{ id: number }>) => {
    setReport(null);
    try {
      watchedJob.current = (await start()).id;
      await refresh();
    } catch (err) {
      notifyError(errorText(err));
    }
  };

  const onAddKey = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await addTrustedKey(newKey.publicKey, newKey.label);
      setNewKey({ label: '', publicKey: '' });
      notifySuccess(t.keys.added);
      await refresh();
    } catch (err) {
      notifyError(errorText(err));
    }
  };

  if (!status) return <section className="admin-page"><h1>{t.title}</h1></section>;
  const job = status.job;

  return (
    <section className="admin-page sync-page">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>

      {job && (
        <div className="admin-card" data-testid="sync-job" data-state={job.state}>
          <SyncProgress testId="job-progress" state={{ title: job.state === 'failed' ? t.progress.failed : t.progress[job.kind], done: job.bytesDone, total: job.bytesTotal, etaSeconds: job.etaSeconds }} />
          {job.message && <p className={job.state === 'failed' ? 'admin-error' : undefined} role={job.state === 'failed' ? 'alert' : undefined}>{job.message}</p>}
          {job.state === 'done' && job.download && (
            <a className="button" href={exportDownloadUrl(job.download)} download>{t.export.ready}</a>
          )}
        </div>
      )}

      <h2>{t.export.title}</h2>
      <form className="admin-form" onSubmit={onExport}>
        <label className="check"><input type="radio" name="scope" checked={scope === 'whole'} onChange={() => setScope('whole')} />{t.export.whole}</label>
        <label className="check"><input type="radio" name="scope" checked={scope === 'chosen'} onChange={() => setScope('chosen')} />{t.export.chosen}</label>
        {scope === 'chosen' && (
          <fieldset className="sync-categories">
            <legend>{t.export.categories}</legend>
            {categories.map((c) => (
              <label key={c.id} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(c.id)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
                />
                {c.name}
              </label>
            ))}
          </fieldset>
        )}
        <label>
          {t.export.destination}
          <select value={destination} onChange={(e) => setDestination(e.target.value)}>
            <option value="">{t.export.download}</option>
            {status.drives.map((d) => <option key={d.path} value={d.path}>{t.export.usb(d.label)}</option>)}
          </select>
        </label>
        <button type="submit" className="button" disabled={running}>{t.export.start}</button>
      </form>

      <h2>{t.import.title}</h2>
      <form className="admin-form" onSubmit={(e) => void onImport(e)}>
        <label>{t.import.file}<input type="file" accept=".kitpack,application/octet-stream" onChange={(e) => setFile(e.target.files?.[0] ?? null)} /></label>
        <label>
          {t.import.arrival}
          <select value={arrival} onChange={(e) => setArrival(e.target.value as ImportArrival)}>
            <option value="pending">{t.import.pending}</option>
            <option value="published">{t.import.published}</option>
          </select>
        </label>
        <label className="check"><input type="checkbox" checked={acceptUntrusted} onChange={(e) => setAcceptUntrusted(e.target.checked)} />{t.import.acceptUntrusted}</label>
        <button type="submit" className="button" disabled={running || upload !== null}>{t.import.start}</button>
      </form>
      {upload && <SyncProgress testId="upload-progress" state={upload} />}
      {report && <ImportReportView report={report} />}

      <h3>{t.import.fromUsb}</h3>
      {status.drives.length === 0 && <p>{t.import.noDrives(status.usbRoot)}</p>}
      {status.drives.map((d) => (
        <div key={d.path} className="admin-card">
          <strong>{d.label}</strong>{d.freeBytes !== null ? ` · ${formatFileSize(d.freeBytes)}` : ''}
          {d.packs.length === 0 ? <p>{t.import.noPacks}</p> : (
            <ul>
              {d.packs.map((p) => (
                <li key={p.name}>
                  {p.name} · {formatFileSize(p.size)}{' '}
                  <button type="button" className="button" disabled={running} onClick={() => void follow(() => importFromUsb(d.path, p.name, arrival, acceptUntrusted))}>{t.import.importThis}</button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}

      <h2>{t.hub.title}</h2>
      <dl className="sync-hub">
        <dt>{t.hub.feed}</dt><dd>{status.hub.feedUrl ?? t.hub.none}</dd>
        <dt>{t.hub.upload}</dt><dd>{status.hub.uploadUrl ?? t.hub.none}</dd>
        <dt>{t.hub.lastPull}</dt>
        <dd data-testid="last-pull">
          {status.hub.lastPull ? `${new Date(status.hub.lastPull.at).toLocaleString('es')} · ${status.hub.lastPull.message}` : t.hub.never}
        </dd>
      </dl>
      <p>{t.hub.schedule(status.hub.intervalHours)}</p>
      <div className="admin-toolbar">
        <button type="button" className="button" disabled={running || (!status.hub.feedUrl && !status.hub.uploadUrl)} onClick={() => void follow(() => syncNow(arrival))}>
          {t.hub.syncNow}
        </button>
        <button type="button" className="button" disabled={running} onClick={() => void follow(publishFeed)}>{t.hub.publish}</button>
      </div>
      <p>{status.hub.published ? t.hub.published(status.hub.published.packs, new Date(status.hub.published.at).toLocaleString('es')) : t.hub.notPublished}</p>

      {status.certificates && (
        <HubCertificatesPanel certificates={status.certificates} drives={status.drives} running={running} onExport={(drive) => void follow(() => exportCertificates(drive))} />
      )}

      <h2>{t.keys.title}</h2>
      <label className="sync-own-key">
        {t.keys.own}
        <textarea readOnly rows={2} value={status.kit.publicKey} data-testid="own-key" />
      </label>
      {status.trustedKeys.length === 0 ? <p>{t.keys.none}</p> : (
        <ul data-testid="trusted-keys">
          {status.trustedKeys.map((k) => (
            <li key={k.keyId}>
              {k.label} <code>{k.keyId}</code>{' '}
              <button
                type="button"
                className="button"
                onClick={() => void removeTrustedKey(k.keyId).then(() => { notifySuccess(t.keys.removed); return refresh(); }, (err: unknown) => notifyError(errorText(err)))}
              >
                {t.keys.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-form" onSubmit={(e) => void onAddKey(e)}>
        <label>{t.keys.label}<input value={newKey.label} onChange={(e) => setNewKey({ ...newKey, label: e.target.value })} maxLength={100} required /></label>
        <label>{t.keys.key}<textarea value={newKey.publicKey} onChange={(e) => setNewKey({ ...newKey, publicKey: e.target.value })} rows={2} required /></label>
        <button type="submit" className="button">{t.keys.add}</button>
      </form>

      <h2>{t.history.title}</h2>
      {status.imports.length === 0 ? <p>{t.history.none}</p> : (
        <ul data-testid="import-history">
          {status.imports.map((i) => (
            <li key={i.id}>
              {new Date(i.startedAt).toLocaleString('es')} · {t.history.source[i.source] ?? i.source} · {t.history.status[i.status] ?? i.status}
              {i.message && i.status !== 'done' ? ` · ${i.message}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
