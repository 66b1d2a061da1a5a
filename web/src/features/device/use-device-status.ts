import type { DeviceStatus } from '@kit/contract';
import { getDeviceStatus } from '../../api/device.ts';
import { usePolled } from './use-polled.ts';

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

const every = (status: DeviceStatus) => (status.hotspot.lastAction?.result === 'running' ? STATUS_SWITCHING_EVERY_MS : STATUS_EVERY_MS);

/** The kit's status, read again every few seconds until the page closes. */
export function useDeviceStatus(): DeviceStatusState {
  const { value, readAt, error, refresh } = usePolled(getDeviceStatus, every, STATUS_EVERY_MS);
  return { status: value, updatedAt: readAt === null ? null : new Date(readAt), error, refresh };
}
