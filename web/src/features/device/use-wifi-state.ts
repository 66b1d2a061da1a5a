import type { WifiState } from '@kit/contract';
import { useEffect, useState } from 'react';
import { getWifi } from '../../api/device.ts';
import { usePolled, type Polled } from './use-polled.ts';

/** docs/API-device.md: every 5 s, every 2 s while a change is not settled. */
const WIFI_EVERY_MS = 5_000;
const WIFI_PENDING_EVERY_MS = 2_000;

const every = (wifi: WifiState) => (wifi.pending ? WIFI_PENDING_EVERY_MS : WIFI_EVERY_MS);

/** The kit's Wi-Fi settings and where a change stands, read again until the page closes. */
export function useWifiState(): Polled<WifiState> {
  return usePolled(getWifi, every, WIFI_PENDING_EVERY_MS);
}

/**
 * Seconds left of a countdown the kit reported as SECONDS_LEFT at READ_AT
 * (the kit's clock decides, not the phone's), ticking every second; null
 * when there is none.
 */
export function useSecondsLeft(secondsLeft: number | null, readAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (secondsLeft === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  if (secondsLeft === null || readAt === null) return null;
  return Math.max(0, secondsLeft - Math.floor((Math.max(now, readAt) - readAt) / 1000));
}
