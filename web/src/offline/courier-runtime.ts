import { carryOnce, heldIn, type Answer } from './courier.ts';

/** The kit answers at once or is not there; the hub may wait for its CA (up to 20 s, docs/HTTPS.md). */
const KIT_TIMEOUT_MS = 5_000;
const HUB_TIMEOUT_MS = 30_000;
const COURIER_PATH = '/api/v2/sync/courier';

/** A JSON request with no cookies, or null when nothing answered in time. */
async function call(url: string, init: RequestInit, timeoutMs: number): Promise<Answer | null> {
  try {
    const res = await fetch(url, {
      ...init,
      credentials: 'omit',
      cache: 'no-store',
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return null;
  }
}

/** The store, downloaded only when the courier holds or takes something (courier.ts heldIn). */
const openStore = async () => (await import('./db.ts')).db;

const storage = (): Storage | null => {
  try {
    return localStorage;
  } catch {
    return null;
  }
};

let running: Promise<unknown> | null = null;

/** One round of carrying (courier.ts), never two at once; failures are silent: the phone tries again later. */
export function carry(): void {
  if (running) return;
  running = carryOnce({
    ...heldIn(openStore, location.origin, storage()),
    kit: (method, body) => call(COURIER_PATH, { method, body: body === undefined ? undefined : JSON.stringify(body) }, KIT_TIMEOUT_MS),
    hub: (url, body) => call(url, { method: 'POST', mode: 'cors', body: JSON.stringify(body) }, HUB_TIMEOUT_MS),
  })
    .catch(() => undefined)
    .finally(() => (running = null));
}

// Now that it is loaded (the app started), and whenever the phone gets a connection back.
globalThis.addEventListener('online', carry);
carry();
