// First, so every feature's styles come after the base ones and may refine them.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { forgetFirstRead, startFirstRead } from './app/first-read.ts';
import { createAppRouter } from './app/router.tsx';
import { keepInstallOffer } from './features/downloads/install-offer.ts';
import { registerServiceWorker } from './sw/register.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

keepInstallOffer();
startFirstRead(window.location.pathname);

const router = createAppRouter();
const stopWatching = router.subscribe((state) => {
  if (!state.initialized) return;
  forgetFirstRead();
  stopWatching();
});

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

if (import.meta.env.PROD) void registerServiceWorker();
