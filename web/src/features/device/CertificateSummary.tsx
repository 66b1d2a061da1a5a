import type { HttpsStatus } from '@kit/contract';
import { esDevice } from '../../i18n/es-device.ts';
import { formatDate } from '../library/format.ts';

const t = esDevice;

/** The installed HTTPS certificate: its names, its expiry and what keeps phones from using it. */
export function CertificateSummary({ https, hostname }: { https: HttpsStatus; hostname: string }) {
  const cert = https.certificate;
  if (!cert) return <p data-testid="certificate">{t.noCertificate}</p>;
  return (
    <div data-testid="certificate">
      <p>{t.certificateFor(cert.names.join(', '))}</p>
      <p className={cert.expired || cert.daysLeft < 15 ? 'device-warning' : undefined}>{t.certificateExpiry(formatDate(cert.validTo), cert.daysLeft)}</p>
      {cert.selfSigned && <p>{t.selfSigned}</p>}
      {!cert.matchesHostname && <p className="device-warning">{t.wrongName(hostname)}</p>}
      {https.restartRequired && <p className="device-warning">{t.restartRequired}</p>}
    </div>
  );
}
