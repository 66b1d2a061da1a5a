import type { ResourceDetail } from '@kit/contract';
import { REASON_MAX } from '@kit/contract/values';
import { useState, type FormEvent } from 'react';
import { reportResource } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { Modal } from '../../ui/modal/Modal.tsx';
import { notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { errorText, textLength } from '../social/social-errors.ts';
import '../social/social.css';
import './reports.css';

/** A user reports a resource with a reason; an admin reviews it (/admin/resources/reports). Needs the link: not queued. */
export function ReportDialog({ resource, onClose }: { resource: ResourceDetail; onClose: () => void }) {
  const t = esSocial.report;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    const problem = text === '' ? t.reasonRequired : textLength(text) > REASON_MAX ? t.reasonTooLong : null;
    setError(problem);
    if (problem || busy) return;
    setBusy(true);
    try {
      await reportResource(resource.id, text);
      notifySuccess(t.sent);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <Modal title={t.title} closeLabel={t.cancel} onClose={busy ? undefined : onClose} className="report-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate className="report-dialog__form">
        <label htmlFor="report-reason">{t.reason}</label>
        <p id="report-hint" className="report-dialog__hint">
          {t.hint}
        </p>
        <textarea
          id="report-reason"
          className="input"
          rows={4}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'report-hint report-error' : 'report-hint'}
          onChange={(event) => setReason(event.target.value)}
        />
        {error && (
          <p id="report-error" className="social-error" role="alert">
            {error}
          </p>
        )}
        <div className="report-dialog__actions">
          <button type="button" className="button button--light" onClick={onClose} disabled={busy}>
            {t.cancel}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {t.send}
          </button>
        </div>
      </form>
    </Modal>
  );
}
