import { expect, request as playwrightRequest, test } from '@playwright/test';
import { startServer, type RunningServer } from './helpers/server.ts';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { AdminSyncPage } from './pages/sync.page.ts';

/*
 * Content packs between two kits (docs/SYNC.md): the admin of the e2e kit (A,
 * demo library) exports a category with the progress bar; a second kit (B),
 * started here on a free port with its own empty data folder, trusts A's key
 * and imports the pack through its /admin/sync page. B's admin then sets the
 * hub B syncs with, starting from the one B's environment names.
 */

/** B's hub as its environment gives it (kit-portal.txt on a kit); an address for documentation, never reached. */
// Where nothing listens: the kit's own first sync, as it starts, fails at once and leaves the page free.
const ENV_FEED = 'http://127.0.0.1:9/hub/feed.json';

let kitB: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  kitB = await startServer({ KIT_HTTPS_PORT: '0', KIT_SEED_DEMO: 'false', KIT_SYNC_FEED_URL: ENV_FEED });
});

test.afterAll(async () => {
  await kitB.stop();
});

test('an admin exports a category with the progress bar and imports it on another kit', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseA = process.env.E2E_BASE_URL ?? '';

  // Kit A: export the Higiene category.
  const contextA = await browser.newContext({ baseURL: baseA });
  const pageA = await contextA.newPage();
  await logInAsAdmin(pageA, contextA);
  const syncA = new AdminSyncPage(pageA);
  await syncA.goto();
  const keyOfA = await syncA.ownKey.inputValue();
  await syncA.chosenCategories.check();
  await syncA.category('Higiene').check();
  await syncA.exportButton.click();
  await expect(syncA.job).toHaveAttribute('data-state', 'done');
  await expect(syncA.jobProgress).toHaveAttribute('aria-valuenow', '100');
  await expect(syncA.job).toContainText('Paquete listo: 3 recursos');
  const [download] = await Promise.all([pageA.waitForEvent('download'), syncA.downloadLink.click()]);
  const packPath = testInfo.outputPath('higiene.kitpack');
  await download.saveAs(packPath);
  await contextA.close();

  // Kit B: trust A, import the pack as published.
  const contextB = await browser.newContext({ baseURL: kitB.baseUrl });
  const pageB = await contextB.newPage();
  const tokenB = await logInAsAdmin(pageB, contextB, kitB);
  const syncB = new AdminSyncPage(pageB);
  await syncB.goto();
  await syncB.keyLabel.fill('Kit A');
  await syncB.keyText.fill(keyOfA);
  await syncB.addKey.click();
  await expect(pageB.getByTestId('trusted-keys')).toContainText('Kit A');
  await syncB.packFile.setInputFiles(packPath);
  await syncB.arrival.selectOption('published');
  await syncB.importButton.click();
  await expect(syncB.importSummary).toHaveText('Agregados: 3 · Actualizados: 0 · Omitidos: 0 · Rechazados: 0');
  await expect(pageB.getByTestId('import-history')).toContainText('Completada');

  // B's library now has A's resources.
  const http = await playwrightRequest.newContext({ baseURL: kitB.baseUrl, extraHTTPHeaders: { Authorization: `Bearer ${tokenB}` } });
  const search = (await (await http.get('/api/v3/searchResource', { params: { q: 'lavado de manos' } })).json()) as { data?: { title: string }[] };
  await http.dispose();
  expect((search.data ?? []).map((r) => r.title)).toEqual(expect.arrayContaining(['Lavado de manos paso a paso', 'Guía de lavado de manos']));
  await contextB.close();
});

test('an admin sets the hub on /admin/sync: a bad value is refused in Spanish, good ones are kept', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: kitB.baseUrl });
  const page = await context.newPage();
  await logInAsAdmin(page, context, kitB);
  const sync = new AdminSyncPage(page);
  await sync.goto();
  // Until an admin saves, the environment's hub, every 6 hours by default.
  await expect(sync.hubFeed).toHaveValue(ENV_FEED);
  await expect(sync.hubUpload).toHaveValue('');
  await expect(sync.hubInterval).toHaveValue('6');
  await expect(sync.hubSchedule).toContainText('cada 6 h');

  await sync.hubFeed.fill('ftp://centro.example.org/hub/feed.json');
  await sync.saveHub.click();
  await expect(sync.hubFeed).toHaveAttribute('aria-invalid', 'true');
  await expect(sync.hubFeed).toHaveAccessibleDescription('La dirección del centro debe empezar por http:// o https:// y no tener espacios');

  await sync.hubFeed.fill('http://centro.example.org/hub/feed.json');
  await sync.hubUpload.fill('http://centro.example.org/api/v2/sync/reports');
  await sync.hubInterval.fill('721');
  await sync.saveHub.click();
  await expect(sync.hubInterval).toHaveAccessibleDescription('El intervalo debe ser un número entero de horas entre 0 y 720');
  await expect(sync.hubFeed).not.toHaveAttribute('aria-invalid', 'true');

  await sync.hubInterval.fill('12');
  await sync.saveHub.click();
  await expect(sync.hubSchedule).toContainText('cada 12 h');
  await page.reload();
  await expect(sync.hubFeed).toHaveValue('http://centro.example.org/hub/feed.json');
  await expect(sync.hubUpload).toHaveValue('http://centro.example.org/api/v2/sync/reports');
  await expect(sync.hubInterval).toHaveValue('12');
  await context.close();
});
