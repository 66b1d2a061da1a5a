import type { CertificateEnrolment as Enrolment } from '@kit/contract';
import { esDevice } from '../../i18n/es-device.ts';
import { formatDateTime } from './device-format.ts';

const t = esDevice;

/** The kit's certificate from its hub (docs/HTTPS.md): its name, where the request stands, and the last error in Spanish. */
export function CertificateEnrolment({ enrolment }: { enrolment: Enrolment | null }) {
  if (!enrolment) return null;
  return (
    <div data-testid="certificate-enrolment">
      <h3>{t.enrolment}</h3>
      {enrolment.name && <p>{t.enrolmentName(enrolment.name)}</p>}
      {enrolment.state && <p>{t.enrolmentStates[enrolment.state]}</p>}
      {enrolment.requestedAt && <p>{t.enrolmentRequested(formatDateTime(enrolment.requestedAt))}</p>}
      {enrolment.lastError && (
        <p className="device-warning" role="alert">
          {t.enrolmentError(enrolment.lastError.message)}
        </p>
      )}
    </div>
  );
}
