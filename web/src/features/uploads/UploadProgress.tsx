import { useEffect, useRef } from 'react';
import { esUpload } from '../../i18n/es-upload.ts';
import type { UploadState } from './upload-client.ts';
import { progressText } from './upload-form.ts';

const t = esUpload.progress;

export interface UploadProgressProps {
  state: UploadState;
  onResume: () => void;
  onCancel: () => void;
}

/** The file's progress in percent and bytes; when the link drops, why, and "Reanudar". */
export function UploadProgress({ state, onResume, onCancel }: UploadProgressProps) {
  const interrupted = state.error !== null;
  const notice = useRef<HTMLParagraphElement>(null);
  // The progress sits at the end of a long form, below the fold on a phone: the notice is brought into sight.
  useEffect(() => {
    if (!interrupted) return;
    notice.current?.scrollIntoView({ block: 'center' });
    notice.current?.focus({ preventScroll: true });
  }, [interrupted]);
  return (
    <section className="surface upload-progress" aria-live="polite" data-testid="upload-progress">
      <p className="upload-progress__title">{state.phase === 'done' ? t.done : t.uploading}</p>
      <progress className="upload-progress__bar" aria-label={t.label} max={state.size} value={state.sent} />
      <p className="upload-progress__bytes">{progressText(state.sent, state.size)}</p>
      {interrupted && (
        <p ref={notice} className="upload-progress__interrupted" role="alert" tabIndex={-1}>
          {t.interrupted}
        </p>
      )}
      {state.phase !== 'done' && (
        <div className="account-form__actions">
          <button type="button" className="button button--light" onClick={onCancel}>
            {t.cancel}
          </button>
          {interrupted && (
            <button type="button" className="button" onClick={onResume}>
              {t.resume}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
