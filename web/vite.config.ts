import { BUILD_SYNTAX } from '@kit/contract/browser-floor';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { htmlStrings } from './build/html-strings.ts';
import { precompress } from './build/precompress.ts';
import { es } from './src/i18n/es.ts';

const THEME_COLOR = '#0f766e';
const BACKGROUND_COLOR = '#f4f6f5';

export default defineConfig({
  plugins: [
    react(),
    htmlStrings(es),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // src/sw/register.ts registers it, and only in a secure context.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        lang: 'es',
        dir: 'ltr',
        name: es.app.name,
        short_name: es.app.name,
        description: es.app.description,
        start_url: '/menu',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The manifest and its icons are precached by the plugin; the favicon is added here.
      includeAssets: ['icons/icon.svg'],
      injectManifest: {
        // The app shell only: the page, scripts and styles. Media never.
        globPatterns: ['**/*.{js,css,html}'],
      },
    }),
    precompress(),
  ],
  build: {
    // The oldest browsers the app supports (docs/BROWSERS.md); the server sends older ones
    // to the browser downloads by the same definition.
    target: `es${BUILD_SYNTAX}`,
    modulePreload: {
      // The entry has loaded React, React Router and the runtime before any lazy route asks:
      // listing them again in every route's preload list only makes /menu's entry bigger.
      // index.html keeps them, so the phone fetches them with the entry, not after parsing it.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !/(^|\/)(vendor|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and React Router in one chunk: every page needs them, and one file
          // compresses better than the handful of shared chunks the lazy routes would
          // otherwise split them into (docs/PRODUCT.md#budgets /menu budget).
          groups: [
            // Vite's preload helper too: left alone it becomes one more small file /menu waits for.
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|vite\/preload-helper/ },
            // Every confirmation with its one delete wording: pages that delete something need all three,
            // and each lazy chunk costs /menu's entry a line in its preload map.
            { name: 'ConfirmDialog', test: /src[\\/](ui[\\/]modal[\\/](Confirm|Delete)Dialog\.tsx|i18n[\\/]es-delete\.ts)/ },
            // The phone's store (Dexie and what reads it) in one lazy chunk: each lazy chunk costs /menu's
            // entry a line in its preload map. Only what the test names: the small modules they import
            // (a storage key, which copy to save) and the offline pages' strings and note stay where the
            // rest of the app finds them, or /menu and the library's pages would wait for the whole store.
            {
              name: 'offline-store',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]dexie|src[\\/]offline[\\/](db|catalogue|fold|lru|saved-media|saved-media-live|user-data)\.tsx?/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
});
