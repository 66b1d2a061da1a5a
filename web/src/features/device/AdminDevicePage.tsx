import { ClockPanel } from './ClockPanel.tsx';
import { CertificateForm } from './CertificateForm.tsx';
import { CertificateEnrolment } from './CertificateEnrolment.tsx';
import { CertificateSummary } from './CertificateSummary.tsx';
import { DeviceActions } from './DeviceActions.tsx';
import { DeviceStatusView } from './DeviceStatusView.tsx';
import { deviceErrorMessage } from './device-errors.ts';
import { useDeviceStatus } from './use-device-status.ts';
import { WifiPanel } from './WifiPanel.tsx';
import { esDevice } from '../../i18n/es-device.ts';
import './device.css';
import type { AdminPages } from '../../ui/admin-pages.ts';

const t = esDevice;

/** /admin/device (docs/API-device.md, kit only): the kit's status, read again every few seconds, and its power, Wi-Fi (and its settings), clock and certificate. */
export function AdminDevicePage() {
  const { status, updatedAt, error, refresh } = useDeviceStatus();
  return (
    <section className="admin-page">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {error !== null && (
        <p className="device-warning" role="alert">
          {status ? t.unreachable : deviceErrorMessage(error, t.loadError)}
        </p>
      )}
      {updatedAt && <p className="device-updated">{t.updatedAt(updatedAt.toLocaleTimeString('es-PE'))}</p>}
      <div className="device-grid">
        <DeviceActions status={status} onDone={refresh} />
        {status && updatedAt && (
          <>
            <DeviceStatusView status={status} />
            <WifiPanel status={status} />
            <ClockPanel kitNow={status.now} clock={status.clock} readAt={updatedAt} onDone={refresh} />
            <section className="device-card" aria-labelledby="device-https">
              <h2 id="device-https">{t.https}</h2>
              <CertificateSummary https={status.https} hostname={status.hostname} now={status.now} />
              <CertificateEnrolment enrolment={status.https.enrolment} />
              <CertificateForm onDone={refresh} />
            </section>
          </>
        )}
      </div>
    </section>
  );
}

export const adminPages: AdminPages = { device: { Component: AdminDevicePage } };
