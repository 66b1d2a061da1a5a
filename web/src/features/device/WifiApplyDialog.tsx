import { esDevice } from '../../i18n/es-device.ts';
import { ConfirmDialog } from '../../ui/modal/ConfirmDialog.tsx';

const t = esDevice;

/**
 * Before a Wi-Fi change: exactly what the admin must do to keep it (join the
 * new network, open the portal again, press «Conservar» in time), and what
 * happens otherwise.
 */
export function WifiApplyDialog({
  ssid,
  password,
  previousSsid,
  confirmSeconds,
  onConfirm,
  onCancel,
}: {
  ssid: string;
  password: 'none' | 'new' | 'kept';
  previousSsid: string;
  confirmSeconds: number;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const address = `${window.location.origin}/admin/device`;
  return (
    <ConfirmDialog title={t.wifiConfirmTitle} message={t.wifiConfirmIntro} confirmLabel={t.wifiConfirmButton} workingLabel={t.wifiConfirmWorking} onConfirm={onConfirm} onCancel={onCancel}>
      <ol className="wifi-steps" data-testid="wifi-steps">
        {t.wifiConfirmSteps(ssid, password, address, t.minutesWords(confirmSeconds)).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>{t.wifiConfirmOtherwise(previousSsid)}</p>
    </ConfirmDialog>
  );
}
