/** How long the kit has to answer before the phone counts it as out of reach. */
const PROBE_TIMEOUT_MS = 4000;

/**
 * Whether the kit answers now. `navigator.onLine` alone is not enough: a phone
 * that walked out of the kit's Wi-Fi may still be "online" on mobile data.
 * Any answer counts; only no answer at all means out of reach.
 */
export async function kitReachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}
