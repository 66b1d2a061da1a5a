import type { UploadQuota } from '@kit/contract';
import { useEffect, useState } from 'react';
import { getUploadQuota } from './uploads-api.ts';
import { onQuotaChange } from './quota-changes.ts';
import { esUpload } from '../../i18n/es-upload.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import './upload.css';

const t = esUpload.quota;

/** The user's storage on the kit (used / quota), read when the page opens and again after each file arrives; nothing while it loads or offline. */
export function QuotaMeter() {
  const [quota, setQuota] = useState<UploadQuota | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    const read = () => void getUploadQuota(ctrl.signal).then(setQuota, () => undefined);
    read();
    const stop = onQuotaChange(read);
    return () => {
      stop();
      ctrl.abort();
    };
  }, []);
  if (!quota) return null;
  const used = formatFileSize(quota.usedBytes);
  const { quotaBytes } = quota;
  return (
    <section className="upload-quota" aria-label={t.label} data-testid="upload-quota">
      {quotaBytes === null ? (
        <p>{fill(t.unlimited, { used })}</p>
      ) : (
        <>
          <meter className="upload-quota__bar" min={0} max={quotaBytes} low={quotaBytes * 0.8} high={quotaBytes * 0.95} optimum={0} value={Math.min(quota.usedBytes, quotaBytes)} aria-label={t.label} />
          <p>{fill(t.used, { used, quota: formatFileSize(quotaBytes) })}</p>
          {quota.usedBytes >= quotaBytes && <p className="upload-quota__full">{t.full}</p>}
        </>
      )}
    </section>
  );
}
