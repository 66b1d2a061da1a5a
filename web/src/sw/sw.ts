import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { RUNTIME_ASSETS_CACHE, SAVED_MEDIA_CACHE } from './cache-names.ts';
import { rangeResponse } from './range.ts';
import { NAVIGATION_DENYLIST } from './navigation.ts';
import { shellForPath } from './reader-policy.ts';
import { isRuntimeAsset, isSavableMedia } from './routes.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// The app shell and every route chunk, as listed at build time. No API answers are cached here.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes open from the precached shell, also with the network gone.
const shell = createHandlerBoundToURL('index.html');
registerRoute(new NavigationRoute(async (options) => shellForPath(options.url.pathname, await shell(options)), { denylist: NAVIGATION_DENYLIST }));

// Media saved for offline viewing: answered from the cache, with ranges (players seek with them); others from the network.
registerRoute(
  ({ url, request }) => isSavableMedia(url, self.location.origin) && request.method === 'GET',
  async ({ request }) => {
    const saved = await (await caches.open(SAVED_MEDIA_CACHE)).match(request.url);
    return saved ? rangeResponse(request, saved) : fetch(request);
  },
);

// pdf.js and its worker are too big for the precache: kept once fetched (their names carry a hash), so saved PDFs open offline.
registerRoute(
  ({ url }) => isRuntimeAsset(url, self.location.origin),
  async ({ request }) => {
    const cache = await caches.open(RUNTIME_ASSETS_CACHE);
    const hit = await cache.match(request.url);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url, response.clone());
    return response;
  },
);

// A new version waits until the user chooses "Actualizar" (sent by workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes control at once so the page that installed it works offline.
clientsClaim();
