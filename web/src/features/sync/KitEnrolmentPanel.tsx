import type { SyncStatus } from '@kit/contract';
import { esSync } from '../../i18n/es-sync.ts';
import { PackDestinationForm } from './PackDestinationForm.tsx';

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
  return (
    <section aria-labelledby="kit-enrolment" data-testid="kit-enrolment">
      <h2 id="kit-enrolment">{t.kitTitle}</h2>
      <p>{t.kitToken(token.hubKeyId, token.domain)}</p>
      <p>{token.enrolled ? t.kitEnrolled : t.kitNotEnrolled}</p>
      <p>{t.kitUsb}</p>
      <PackDestinationForm drives={drives} running={running} destinationLabel={t.destination} submitLabel={t.kitExport} onExport={onExport} />
    </section>
  );
}
