// First, so every feature's styles come after the base ones and may refine them.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { forgetFirstRead, startFirstRead } from './features/resources/first-read.ts';
import { createAppRouter } from './app/router.tsx';
import { sendClockHint } from './api/device.ts';
import { keepInstallOffer } from './features/downloads/install-offer.ts';
import { registerServiceWorker } from './sw/register.ts';
import { whenIdle } from './ui/prefetch.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

keepInstallOffer();
startFirstRead(window.location.pathname);

const router = createAppRouter();

/** Once the first page has its data and code (or the guard sent the visit elsewhere). */
function afterFirstPage(): void {
  forgetFirstRead();
  // The phone's time, once: a kit without a clock battery follows several phones that agree (docs/API-device.md).
  sendClockHint(new Date().toISOString()).catch(() => undefined);
  // Installing the worker downloads the whole app shell (every chunk): on a phone's first visit it
  // competed with the page's own code, data and picture, so it waits for the page and its load event.
  if (import.meta.env.PROD) whenLoaded(() => void registerServiceWorker());
  // The phone carries the kit's report to its hub and brings the answer back (offline/courier.ts): in idle time, never before the page.
  whenLoaded(() => whenIdle(() => void import('./offline/courier-runtime.ts').catch(() => undefined), COURIER_IDLE_TIMEOUT_MS));
}

/** At the latest this long after the page loaded, the courier starts even if the phone never idles. */
const COURIER_IDLE_TIMEOUT_MS = 10_000;

function whenLoaded(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

if (router.state.initialized) afterFirstPage();
else {
  const stopWatching = router.subscribe((state) => {
    if (!state.initialized) return;
    stopWatching();
    afterFirstPage();
  });
}

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

