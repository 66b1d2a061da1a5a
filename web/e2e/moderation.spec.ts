import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ContribApi } from './helpers/contrib-api.ts';
import { KitApi, signInBrowser, type ApiUser } from './helpers/kit-api.ts';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { openModeratedKit, type ModeratedKit } from './helpers/moderated-kit.ts';
import { AdminResourcesPage } from './pages/moderation.page.ts';
import { SearchPage } from './pages/search.page.ts';

/*
 * Resource moderation (docs/API-contributions.md) on a phone: a villager's contribution waits
 * for approval, an admin approves it, neighbours report it, the admin blocks
 * it (gone for everyone else) and unblocks it; another is rejected with a
 * reason its owner reads. Set up through the API, decided through the pages.
 */

test.describe.configure({ mode: 'serial' });

const stamp = `mod${Date.now().toString(36)}`;
const titles = { approved: `Cuentos moderados ${stamp}`, rejected: `Mapa rechazado ${stamp}` };

let kit: KitApi;
let owner: ApiUser;
let ownerApi: ContribApi;
let neighbour: ApiUser;
let approvedId = 0;
let moderated: ModeratedKit;

test.beforeAll(async () => {
  moderated = await openModeratedKit();
  ({ kit, owner, neighbour } = moderated);
  ownerApi = await ContribApi.as(owner.token);
});

test.afterAll(async () => {
  await ownerApi.close();
  await moderated.close();
});

test.beforeEach(async ({ page, context }) => {
  await logInAsAdmin(page, context);
});

/** A neighbour's own phone (no service worker: the test reads live answers). */
async function neighbourPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 360, height: 740 }, locale: 'es-PE', serviceWorkers: 'block' });
  await signInBrowser(context, neighbour.token);
  await context.addCookies([{ name: `kp_onboarding_${neighbour.id}`, value: '1', url: process.env.E2E_BASE_URL ?? '' }]);
  return { context, page: await context.newPage() };
}

/** The neighbour's search for this run's resources lists the title (or, with `found` false, does not). */
async function expectSearch(page: Page, title: string, found: boolean): Promise<void> {
  const search = new SearchPage(page);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v3/search'));
  await search.goto('/res', stamp);
  await answer;
  // the page draws once its answer is in: the heading means the results are on screen
  await expect(search.title).toBeVisible();
  await expect(search.resourceTitles.filter({ hasText: title })).toHaveCount(found ? 1 : 0);
}

test('an admin approves a pending contribution from Por aprobar, and the library shows it', async ({ page, browser }) => {
  const submitted = await ownerApi.submitDocument(titles.approved, 1);
  expect(submitted.status).toBe('pending');
  approvedId = submitted.id;

  // the phone's drawer menu has the entry while moderation is on
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByTestId('admin-menu').getByRole('link', { name: 'Por aprobar' }).click();
  const admin = new AdminResourcesPage(page);
  await expect(admin.heading).toHaveText('Recursos por aprobar');
  // search with the keyboard
  await admin.search.fill(titles.approved);
  await admin.search.press('Enter');
  await expect(page).toHaveURL(/\/admin\/resources\/pending-approval\?q=/);
  const row = admin.row(titles.approved);
  await expect(row).toContainText(owner.user_name);
  await expect(row).toContainText('Documento');
  await expect(admin.state(titles.approved)).toHaveText('Por aprobar');

  await admin.act(titles.approved, 'Aprobar');
  await expect(page.getByText('Recurso aprobado y publicado')).toBeVisible();
  await expect(admin.state(titles.approved)).toHaveText('Publicado');
  await expect(row.getByRole('button', { name: 'Bloquear' })).toBeVisible();

  const phone = await neighbourPhone(browser);
  try {
    await expectSearch(phone.page, titles.approved, true);
  } finally {
    await phone.context.close();
  }
});

test('reports show their reasons; one is dismissed, then the admin blocks and unblocks the resource', async ({ page, browser }) => {
  // two phones, three users, and an accessibility scan on a shared 2-core machine
  test.setTimeout(90_000);
  const third = await kit.createUser('testigo', { completeProfile: true });
  const thirdApi = await ContribApi.as(third.token);
  const neighbourApi = await ContribApi.as(neighbour.token);
  try {
    await neighbourApi.report(approvedId, 'Tiene el teléfono de un vecino');
    await thirdApi.report(approvedId, 'No me gusta');
  } finally {
    await Promise.all([thirdApi.close(), neighbourApi.close()]);
  }

  const admin = new AdminResourcesPage(page);
  await admin.goto('reports', titles.approved);
  await expect(admin.heading).toHaveText('Recursos reportados');
  const row = admin.row(titles.approved);
  await expect(admin.state(titles.approved)).toHaveText('PublicadoReportado (2)');
  await expect(row).toContainText('Tiene el teléfono de un vecino');
  await expect(row).toContainText(neighbour.user_name);
  // fits the phone, and reads well to a screen reader
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await row.getByRole('listitem').filter({ hasText: 'No me gusta' }).getByRole('button', { name: 'Descartar reporte' }).click();
  await admin.dialog.getByRole('button', { name: 'Descartar reporte' }).click();
  await expect(page.getByText('Reporte descartado')).toBeVisible();
  await expect(row).not.toContainText('No me gusta');
  await expect(admin.state(titles.approved)).toHaveText('PublicadoReportado (1)');

  await admin.act(titles.approved, 'Bloquear', 'Datos personales de un vecino');
  await expect(page.getByText('Recurso bloqueado')).toBeVisible();
  await expect(admin.state(titles.approved)).toHaveText('Bloqueado');
  await expect(row).toContainText('Datos personales de un vecino');

  const phone = await neighbourPhone(browser);
  try {
    await expectSearch(phone.page, titles.approved, false);
    await phone.page.goto(`/resource/${approvedId}`);
    await expect(phone.page.getByRole('heading', { name: /^Error 404/ })).toBeVisible();

    await admin.goto('block', titles.approved);
    await expect(admin.heading).toHaveText('Recursos bloqueados');
    await admin.act(titles.approved, 'Desbloquear');
    await expect(page.getByText('Recurso desbloqueado')).toBeVisible();
    await expect(admin.state(titles.approved)).toHaveText('Publicado');

    await expectSearch(phone.page, titles.approved, true);
  } finally {
    await phone.context.close();
  }
});

test('an admin rejects a contribution with a reason its owner reads', async ({ page }) => {
  const submitted = await ownerApi.submitDocument(titles.rejected, 2);
  const admin = new AdminResourcesPage(page);
  await admin.goto('pending-approval', titles.rejected);
  // the type filter keeps the search and goes into the address
  const type = page.getByRole('main').getByLabel('Tipo');
  await type.selectOption({ label: 'Video' });
  await expect(page).toHaveURL(/[?&]type=3/);
  await expect(page.getByText('No hay recursos por aprobar')).toBeVisible();
  await type.selectOption({ label: 'Documento' });
  await expect(page).toHaveURL(/[?&]type=2/);
  await admin.row(titles.rejected).getByRole('button', { name: 'Rechazar' }).click();
  const confirm = admin.dialog.getByRole('button', { name: 'Rechazar', exact: true });
  // the reason is required: the field has the focus, and the button waits for it
  await expect(confirm).toBeDisabled();
  await page.keyboard.type('Falta indicar la fuente del mapa');
  await confirm.click();
  await expect(page.getByText('Recurso rechazado')).toBeVisible();
  await expect(admin.state(titles.rejected)).toHaveText('Rechazado');
  await expect(admin.row(titles.rejected)).toContainText('Falta indicar la fuente del mapa');

  const seen = await ownerApi.resource(submitted.id);
  expect(seen).toMatchObject({ status: 'rejected', statusReason: 'Falta indicar la fuente del mapa' });
  // gone from the pending list once it is read again
  await page.reload();
  await expect(admin.row(titles.rejected)).toHaveCount(0);
  await expect(page.getByText('No hay recursos por aprobar')).toBeVisible();
});
