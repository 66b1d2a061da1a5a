import type { DeviceStatus } from '@kit/contract';
import { setKitClock } from '../../api/device.ts';
import { esDevice } from '../../i18n/es-device.ts';
import { useDeviceAction } from './use-device-action.ts';
import { formatDateTime } from './device-format.ts';

const t = esDevice;
/** Drift worth pointing out: the Pi has no clock battery and may start hours behind. */
const DRIFT_MS = 2 * 60_000;

/** The kit's clock next to this phone's, whether it is confirmed, its last changes, and the button that gives the kit the phone's time. */
export function ClockPanel({ kitNow, clock, readAt, onDone }: { kitNow: string; clock: DeviceStatus['clock']; readAt: Date; onDone: () => void }) {
  const { busy, run } = useDeviceAction(onDone);
  const drift = Date.parse(kitNow) - readAt.getTime();

  const takePhoneTime = () => run(() => setKitClock(new Date().toISOString()));

  return (
    <section className="device-card" aria-labelledby="device-clock">
      <h2 id="device-clock">{t.clock}</h2>
      <dl className="device-list">
        <div data-testid="device-kit-clock">
          <dt>{t.kitClock}</dt>
          <dd>{formatDateTime(kitNow)}</dd>
        </div>
        <div>
          <dt>{t.phoneClock}</dt>
          <dd>{formatDateTime(readAt)}</dd>
        </div>
      </dl>
      {Math.abs(drift) >= DRIFT_MS && <p className="device-warning">{t.clockOff(Math.round(Math.abs(drift) / 60_000))}</p>}
      <p data-testid="device-clock-confirmed" className={clock.confirmedBy ? undefined : 'device-warning'}>
        {clock.confirmedBy ? t.clockConfirmedBy[clock.confirmedBy] : t.clockUnconfirmed}
      </p>
      {clock.changes.length > 0 && <ClockChanges changes={clock.changes} />}
      <button type="button" className="button" disabled={busy} onClick={() => void takePhoneTime()}>
        {t.usePhoneTime}
      </button>
    </section>
  );
}

/** The last changes of the kit's clock, newest first: who moved it, from what time to what time. */
function ClockChanges({ changes }: { changes: DeviceStatus['clock']['changes'] }) {
  return (
    <>
      <h3>{t.clockChanges}</h3>
      <ul className="device-clock-changes" data-testid="device-clock-changes">
        {changes.map((change) => (
          <li key={change.id}>
            <strong>{t.clockSources[change.source]}</strong> {t.clockChange(formatDateTime(change.from), formatDateTime(change.to))}
          </li>
        ))}
      </ul>
    </>
  );
}
