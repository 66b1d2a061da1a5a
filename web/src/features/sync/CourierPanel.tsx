import type { CourierStatus } from '@kit/contract';
import { esSync } from '../../i18n/es-sync.ts';

const t = esSync.courier;
const when = (at: string) => new Date(at).toLocaleString('es');

/** What the last answer a phone brought did: applied (the certificate's state then, or the hub's reason) or refused. */
function outcomeText(outcome: NonNullable<CourierStatus['outcome']>): string {
  if (!outcome.ok) return t.refused(outcome.message ?? '');
  const state = (outcome.state && t.states[outcome.state]) ?? '';
  return outcome.message ? `${state}: ${outcome.message}` : state;
}

/** «Llevado por teléfonos» (docs/SYNC.md, "Carried by phones"): the phones that carried this kit's report and brought the hub's answers. */
export function CourierPanel({ courier }: { courier: CourierStatus }) {
  return (
    <section aria-labelledby="sync-courier" data-testid="sync-courier">
      <h3 id="sync-courier">{t.title}</h3>
      <p>{t.intro}</p>
      <dl className="sync-hub">
        <dt>{t.taken}</dt>
        <dd>{courier.takenAt ? t.takenBy(courier.takenBy, when(courier.takenAt)) : t.never}</dd>
        <dt>{t.answered}</dt>
        <dd>{courier.answeredAt ? t.answeredBy(courier.answeredBy, when(courier.answeredAt)) : t.never}</dd>
        {courier.outcome && (
          <>
            <dt>{t.result}</dt>
            <dd>{outcomeText(courier.outcome)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
