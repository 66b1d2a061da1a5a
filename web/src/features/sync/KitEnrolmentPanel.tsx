import type { SyncStatus } from '@kit/contract';
import { useState } from 'react';
import { esSync } from '../../i18n/es-sync.ts';

const t = esSync.enrolment;

/**
 * A kit given a hub's enrolment token (docs/HTTPS.md, "Cards that boot
 * trusted"): whether it enrolled, and the certificate-only pack that takes
 * its enrolment and request to the hub by USB.
 */
export function KitEnrolmentPanel({
  token,
  drives,
  running,
  onExport,
}: {
  token: NonNullable<SyncStatus['enrolmentToken']>;
  drives: SyncStatus['drives'];
  running: boolean;
  onExport: (drive: string | null) => void;
}) {
  const [destination, setDestination] = useState('');
  return (
    <section aria-labelledby="kit-enrolment" data-testid="kit-enrolment">
      <h2 id="kit-enrolment">{t.kitTitle}</h2>
      <p>{t.kitToken(token.hubKeyId, token.domain)}</p>
      <p>{token.enrolled ? t.kitEnrolled : t.kitNotEnrolled}</p>
      <p>{t.kitUsb}</p>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault();
          onExport(destination || null);
        }}
      >
        <label>
          {t.destination}
          <select value={destination} onChange={(e) => setDestination(e.target.value)}>
            <option value="">{esSync.export.download}</option>
            {drives.map((d) => (
              <option key={d.path} value={d.path}>
                {esSync.export.usb(d.label)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={running}>
          {t.kitExport}
        </button>
      </form>
    </section>
  );
}
