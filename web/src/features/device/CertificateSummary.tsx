import type { HttpsStatus } from '@kit/contract';
import { esDevice } from '../../i18n/es-device.ts';
import { formatDate } from '../../ui/format.ts';

const t = esDevice;

/**
 * The installed HTTPS certificate: who issued it, its names, its expiry and
 * renewal, and what keeps phones from using it. `now`: the kit's clock, to
 * say when renewal is already due.
 */
export function CertificateSummary({ https, hostname, now }: { https: HttpsStatus; hostname: string; now?: string }) {
  const cert = https.certificate;
  if (!cert) return <p data-testid="certificate">{t.noCertificate}</p>;
  return (
    <div data-testid="certificate">
      <p>{t.certificateFor(cert.names.join(', '))}</p>
      <p>{t.certificateIssuer(cert.issuer)}</p>
      <p className={cert.expired || cert.daysLeft < 15 ? 'device-warning' : undefined}>{t.certificateExpiry(formatDate(cert.validTo), cert.daysLeft)}</p>
      <p>{t.renewalDue(formatDate(cert.renewalDueAt), now !== undefined && Date.parse(cert.renewalDueAt) <= Date.parse(now))}</p>
      {!cert.phonesTrust && <p className="device-warning">{t.untrusted}</p>}
      {!cert.matchesHostname && <p className="device-warning">{t.wrongName(hostname)}</p>}
      {https.restartRequired && <p className="device-warning">{t.restartRequired}</p>}
    </div>
  );
}
