import type { WifiPending } from '@kit/contract';
import { useState } from 'react';
import { confirmWifi } from '../../api/device.ts';
import { esDevice } from '../../i18n/es-device.ts';
import { notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { deviceErrorMessage } from './device-errors.ts';
import { useSecondsLeft } from './use-wifi-state.ts';
import { formatCountdown } from './wifi-format.ts';

const t = esDevice;

/**
 * A change that is not settled: while the kit switches, what to do; once the
 * new network is up, the countdown to the automatic way back (from the
 * kit's clock) and «Conservar», which the kit accepts only from a phone on
 * the new network — its refusal says so here.
 */
export function WifiPendingNotice({ pending, readAt, onDone }: { pending: WifiPending; readAt: number | null; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const left = useSecondsLeft(pending.secondsLeft, readAt);

  const keep = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      notifySuccess((await confirmWifi()).message);
      onDone();
    } catch (error) {
      setRefusal(deviceErrorMessage(error, t.failed));
    } finally {
      setBusy(false);
    }
  };

  if (pending.state === 'applying') {
    return (
      <p className="device-answer" role="status" data-testid="wifi-pending">
        {t.wifiApplying(pending.settings.ssid)}
      </p>
    );
  }
  return (
    <div className="wifi-pending" data-testid="wifi-pending">
      <p role="status">{t.wifiWaiting(pending.settings.ssid)}</p>
      <p className="device-answer" role="timer" data-testid="wifi-countdown">
        {left ? t.wifiCountdown(formatCountdown(left)) : t.wifiCountdownDone}
      </p>
      {pending.previous && <p>{t.wifiBackTo(pending.previous.ssid)}</p>}
      <button type="button" className="button" disabled={busy} onClick={() => void keep()}>
        {busy ? t.wifiKeeping : t.wifiKeep}
      </button>
      {refusal && (
        <p className="device-warning" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
