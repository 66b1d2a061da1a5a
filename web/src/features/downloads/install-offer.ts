/**
 * The browser's offer to install the portal (Chromium's `beforeinstallprompt`).
 * It comes once, early, usually before the download page's code has arrived,
 * so main.tsx keeps it from the start; /extra/download uses it. Kept tiny: it
 * is part of every page's first download.
 */
export interface InstallOffer extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function keepInstallOffer(): void {
  addEventListener('beforeinstallprompt', (event) => {
    // Deferred (no mini-infobar of the browser's own): the download page offers it where villagers look for the app.
    event.preventDefault();
    offer = event as InstallOffer;
    changed();
  });
}

export const installOffer = (): InstallOffer | null => offer;

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The offer, used up: a browser honours its prompt() once. */
export function takeInstallOffer(): InstallOffer | null {
  const taken = offer;
  offer = null;
  changed();
  return taken;
}
