import type { ImportArrival, ImportReportBody, SyncStatus } from '@kit/contract';
import { useState, type FormEvent } from 'react';
import { importFromUsb, importLibraryFromUsb, uploadPack } from './sync-api.ts';
import { esSync as t } from '../../i18n/es-sync.ts';
import { formatFileSize } from '../../ui/format.ts';
import { FileField } from '../../ui/forms/FileField.tsx';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { ImportReportView } from './ImportReportView.tsx';
import { estimateEta, SyncProgress, type ProgressState } from './SyncProgress.tsx';
import { syncErrorText } from './use-sync-status.ts';

/** How imported resources arrive, and whether packs of unknown publishers are taken: the import form's choices, also used by a hub sync. */
export interface ImportChoices {
  arrival: ImportArrival;
  acceptUntrusted: boolean;
}

interface ImportPanelProps {
  status: SyncStatus;
  running: boolean;
  choices: ImportChoices;
  onChoices: (choices: ImportChoices) => void;
  report: ImportReportBody | null;
  setReport: (report: ImportReportBody | null) => void;
  refresh: () => Promise<void>;
  follow: (start: () => Promise<{ id: number }>) => Promise<void>;
}

/** Import a pack: upload a file (with its progress and report), or take one from a USB drive. */
export function ImportPanel({ status, running, choices, onChoices, report, setReport, refresh, follow }: ImportPanelProps) {
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<ProgressState | null>(null);
  const { arrival, acceptUntrusted } = choices;

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
      notifyError(syncErrorText(err));
    } finally {
      setUpload(null);
      await refresh().catch(() => undefined);
    }
  };

  return (
    <>
      <form className="admin-form" onSubmit={(e) => void onImport(e)}>
        <FileField id="sync-import-file" label={t.import.file} accept=".kitpack,application/octet-stream" onChange={setFile} />
        <label>
          {t.import.arrival}
          <select value={arrival} onChange={(e) => onChoices({ ...choices, arrival: e.target.value as ImportArrival })}>
            <option value="pending">{t.import.pending}</option>
            <option value="published">{t.import.published}</option>
          </select>
        </label>
        <label className="check"><input type="checkbox" checked={acceptUntrusted} onChange={(e) => onChoices({ ...choices, acceptUntrusted: e.target.checked })} />{t.import.acceptUntrusted}</label>
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
          {d.libraries.length > 0 && (
            <>
              <p>{t.import.libraries}</p>
              <ul data-testid="usb-libraries">
                {d.libraries.map((z) => (
                  <li key={z.name}>
                    {z.name} · {formatFileSize(z.size)}{' '}
                    <button type="button" className="button" disabled={running} onClick={() => void follow(() => importLibraryFromUsb(d.path, z.name, arrival))}>{t.import.addLibrary}</button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ))}
    </>
  );
}
