import type { DeviceStatus } from '@kit/contract';
import { esDevice } from '../../i18n/es-device.ts';
import { formatDateTime } from './device-format.ts';
import { DeviceList, type DeviceRows } from './DeviceStatusView.tsx';
import { useWifiState } from './use-wifi-state.ts';
import { WifiPendingNotice } from './WifiPendingNotice.tsx';
import { WifiSettingsForm } from './WifiSettingsForm.tsx';

const t = esDevice;

/**
 * The "Red Wi-Fi" card of /admin/device: the hotspot as the status reads it,
 * then its settings (docs/API-device.md, "Wi-Fi settings"): a change that is
 * not settled yet with its countdown, how the last one ended, and the form.
 */
export function WifiPanel({ status }: { status: DeviceStatus }) {
  const { hotspot } = status;
  const action = hotspot.lastAction;
  const { value: wifi, readAt, error, refresh } = useWifiState();
  const rows: DeviceRows = [
    [t.hotspotState, t.hotspotStates[hotspot.state], 'hotspot'],
    [t.ssid, hotspot.ssid ?? t.unavailable, 'ssid'],
    [t.phones, t.phonesOf(hotspot.connectedPhones, hotspot.maxPhones), 'phones'],
  ];
  const last = wifi?.lastChange;
  return (
    <section className="device-card" aria-labelledby="device-wifi">
      <h2 id="device-wifi">{t.wifi}</h2>
      <DeviceList rows={rows} />
      {action?.result === 'running' && <p role="status">{t.hotspotRunning}</p>}
      {action?.result === 'failed' && <p className="device-warning">{t.hotspotFailed(action.message ?? t.failed)}</p>}
      {wifi?.pending && <WifiPendingNotice key={wifi.pending.id} pending={wifi.pending} readAt={readAt} onDone={refresh} />}
      {last && !wifi?.pending && (
        <p className={last.result === 'confirmed' ? undefined : 'device-warning'} data-testid="wifi-last-change">
          {t.wifiLastChange[last.result]} {last.reason} ({formatDateTime(last.at)})
        </p>
      )}
      <h3>{t.wifiSettings}</h3>
      {wifi ? (
        // a new form whenever the settings in use change (applied, kept or undone)
        <WifiSettingsForm key={JSON.stringify([wifi.ssid, wifi.security, wifi.channel, wifi.band, wifi.country, wifi.maxPhones])} wifi={wifi} disabled={wifi.pending !== null} onApplied={refresh} />
      ) : (
        error !== null && <p className="device-warning">{t.wifiLoadError}</p>
      )}
    </section>
  );
}
