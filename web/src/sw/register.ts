/**
 * Service worker registration and the "new version" offer. Only in a secure
 * context (HTTPS or localhost); on a plain-HTTP kit the app works without it.
 */
type Listener = () => void;

let pendingUpdate: (() => void) | null = null;
const listeners = new Set<Listener>();

function setPendingUpdate(next: (() => void) | null): void {
  pendingUpdate = next;
  for (const listener of listeners) listener();
}

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The action that installs the waiting version, or null when there is none. */
export function getPendingUpdate(): (() => void) | null {
  return pendingUpdate;
}

export function dismissUpdate(): void {
  setPendingUpdate(null);
}

type BrowserWindow = Pick<Window, 'isSecureContext' | 'navigator' | 'location'>;

export function canUseServiceWorker(win: BrowserWindow = window): boolean {
  return win.isSecureContext && 'serviceWorker' in win.navigator;
}

/**
 * Registers /sw.js. When a new version has installed and waits, it is offered;
 * accepting it activates the new worker and reloads once it takes control.
 */
export async function registerServiceWorker(win: BrowserWindow = window): Promise<boolean> {
  if (!canUseServiceWorker(win)) return false;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    setPendingUpdate(() => {
      wb.addEventListener('controlling', () => win.location.reload());
      wb.messageSkipWaiting();
    });
  });
  try {
    await wb.register();
  } catch {
    // The portal works without a service worker, only not offline.
    return false;
  }
  return true;
}
