import type { SyncStatus } from '@kit/contract';
import { esSync } from '../../i18n/es-sync.ts';
import { PackDestinationForm } from './PackDestinationForm.tsx';

const t = esSync.certificates;

/**
 * A hub's certificates for its kits (docs/HTTPS.md): each kit's name and
 * state, the CA's or the DNS hook's own words when an order failed, and the
 * pack of certificates for kits that come by USB.
 */
export function HubCertificatesPanel({
  certificates,
  drives,
  running,
  onExport,
}: {
  certificates: NonNullable<SyncStatus['certificates']>;
  drives: SyncStatus['drives'];
  running: boolean;
  onExport: (drive: string | null) => void;
}) {
  return (
    <section aria-labelledby="hub-certificates" data-testid="hub-certificates">
      <h2 id="hub-certificates">{t.title}</h2>
      <p>{t.intro(certificates.domain)}</p>
      <p>
        {t.directory}: <code>{certificates.directoryUrl}</code>
      </p>
      {certificates.kits.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t.kit}</th>
              <th>{t.name}</th>
              <th>{t.state}</th>
              <th>{t.validTo}</th>
            </tr>
          </thead>
          <tbody>
            {certificates.kits.map((kit) => (
              <tr key={kit.keyId}>
                <td>
                  {kit.kitName} <code>{kit.keyId}</code>
                </td>
                <td>{kit.name}</td>
                <td>
                  {t.states[kit.state] ?? kit.state}
                  {kit.error && (
                    <span className="admin-error" role="alert">
                      {' '}
                      {t.error(kit.error.message)}
                    </span>
                  )}
                </td>
                <td>{kit.validTo ? new Date(kit.validTo).toLocaleDateString('es') : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PackDestinationForm drives={drives} running={running} destinationLabel={t.destination} submitLabel={t.export} onExport={onExport} />
    </section>
  );
}
