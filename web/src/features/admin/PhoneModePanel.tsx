import type { PhoneMode } from '@kit/contract';
import { useEffect, useState } from 'react';
import { getPhoneMode } from '../../api/device.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { CertificateSummary } from '../device/CertificateSummary.tsx';

const t = esAdmin.data;

/** Which mode phones get (full offline app over HTTPS, or basic on plain HTTP) and why (docs/HTTPS.md). */
export function PhoneModePanel() {
  const [answer, setAnswer] = useState<PhoneMode | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    getPhoneMode(ctrl.signal).then(setAnswer, () => undefined);
    return () => ctrl.abort();
  }, []);

  return (
    <section aria-labelledby="phone-mode-title" data-testid="phone-mode">
      <h2 id="phone-mode-title">{t.phones}</h2>
      {answer && (
        <>
          <p>
            <strong>{t.phoneModes[answer.mode]}</strong>. {t.phoneReasons[answer.reason](answer.hostname)}
          </p>
          <p>{t.phoneModeWhy[answer.mode]}</p>
          {answer.https.certificate && <CertificateSummary https={answer.https} hostname={answer.hostname} />}
          {answer.mode === 'basic' && <p>{t.phonesDevice}</p>}
        </>
      )}
    </section>
  );
}
