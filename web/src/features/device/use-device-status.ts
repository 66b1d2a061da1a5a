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
  /** why the last read failed (the kit may be rebooting, or this is not a kit), null when it worked */
  error: unknown;
  /** reads again now, and restarts the timer */
  refresh: () => void;
}

/** The kit's status, read again every few seconds until the page closes. */
export function useDeviceStatus(): DeviceStatusState {
  const [status, setStatus] = useState<DeviceStatus | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [error, setError] = useState<unknown>(null);
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
        setError(null);
        if (answer.hotspot.lastAction?.result === 'running') next = STATUS_SWITCHING_EVERY_MS;
      } catch (failure) {
        if (ctrl.signal.aborted) return;
        setError(failure);
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
  return { status, updatedAt, error, refresh };
}
