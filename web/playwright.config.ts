import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/helpers/chromium.ts';

/**
 * Browser journeys against the real server serving the built app (web/dist),
 * with Debian's chromium (a test tool cannot download its own browser here).
 * e2e/global-setup.ts starts the server on a free port and sets E2E_BASE_URL.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A hang guard, not a speed goal: every step waits for its condition, and a whole
  // journey (register, fill a profile, edit it) on a 2-core machine under load takes
  // three to four times as long as on a quiet one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    baseURL: process.env.E2E_BASE_URL,
    locale: 'es-PE',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
