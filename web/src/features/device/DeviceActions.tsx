import type { DeviceStatus, HotspotSwitch, PowerAction } from '@kit/contract';
import { useState } from 'react';
import { requestPower, switchHotspot } from '../../api/device.ts';
import { esDevice } from '../../i18n/es-device.ts';
import { ConfirmDialog } from '../../ui/modal/ConfirmDialog.tsx';
import { notifyError } from '../../ui/notifications/notifications-store.ts';
import { deviceErrorMessage } from './device-errors.ts';

const t = esDevice;

type Asked = { kind: 'power'; action: PowerAction } | { kind: 'hotspot'; state: HotspotSwitch };

/**
 * Power off, reboot and the hotspot switch, each after a confirmation. The
 * server answers before acting ("Apagando…"): that answer stays on the page
 * (not a passing notification), because the kit stops answering seconds later.
 */
export function DeviceActions({ status, onDone }: { status: DeviceStatus | null; onDone: () => void }) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const hotspot = status?.hotspot.state;
  const busy = status?.power.pending != null || status?.hotspot.lastAction?.result === 'running';

  const run = async (what: Asked) => {
    try {
      const { message } = what.kind === 'power' ? await requestPower(what.action) : await switchHotspot(what.state);
      setAnswer(message);
      setAsked(null);
      onDone();
    } catch (error) {
      notifyError(deviceErrorMessage(error, t.failed));
    }
  };
  const words = asked ? t.confirm[asked.kind === 'power' ? asked.action : asked.state] : null;

  return (
    <section className="device-card" aria-labelledby="device-actions">
      <h2 id="device-actions">{t.actions}</h2>
      {answer && (
        <p className="device-answer" role="status">
          {answer}
        </p>
      )}
      <div className="device-actions">
        {(['poweroff', 'reboot'] as const).map((action) => (
          <button key={action} type="button" className="button" disabled={busy} onClick={() => setAsked({ kind: 'power', action })}>
            {t.power[action]}
          </button>
        ))}
        <button type="button" className="button button--light" disabled={busy || hotspot === 'active'} onClick={() => setAsked({ kind: 'hotspot', state: 'on' })}>
          {t.hotspotSwitch.on}
        </button>
        <button type="button" className="button button--light" disabled={busy || hotspot === 'inactive'} onClick={() => setAsked({ kind: 'hotspot', state: 'off' })}>
          {t.hotspotSwitch.off}
        </button>
      </div>
      {asked && words && <ConfirmDialog title={words.title} message={words.body} confirmLabel={words.confirm} workingLabel={t.confirmWorking} onConfirm={() => run(asked)} onCancel={() => setAsked(null)} />}
    </section>
  );
}
