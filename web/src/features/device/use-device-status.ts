import type { DeviceStatus } from '@kit/contract';
import { useCallback, useEffect, useState } from 'react';
import { getDeviceStatus } from '../../api/device.ts';

/** docs/API-device.md: every 5 s while the page is open, every 2 s while a hotspot switch runs. */
export const STATUS_EVERY_MS = 5_000;
export const STATUS_SWITCHING_EVERY_MS = 2_000;

export interface DeviceStatusState {
  status: DeviceStatus | null;
  /** when the last answer arrived */
  updatedAt: Date | null;
  /** the last read failed (the kit may be rebooting) */
  failed: boolean;
  /** reads again now, and restarts the timer */
  refresh: () => void;
}

/** The kit's status, read again every few seconds until the page closes. */
export function useDeviceStatus(): DeviceStatusState {
  const [status, setStatus] = useState<DeviceStatus | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      let next = STATUS_EVERY_MS;
      try {
        const answer = await getDeviceStatus(ctrl.signal);
        if (ctrl.signal.aborted) return;
        setStatus(answer);
        setUpdatedAt(new Date());
        setFailed(false);
        if (answer.hotspot.lastAction?.result === 'running') next = STATUS_SWITCHING_EVERY_MS;
      } catch {
        if (ctrl.signal.aborted) return;
        setFailed(true);
      }
      timer = setTimeout(() => void read(), next);
    };
    void read();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [round]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { status, updatedAt, failed, refresh };
}
