import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from './helpers/axe.ts';
import { ContribApi } from './helpers/contrib-api.ts';
import { signInBrowser, type ApiUser } from './helpers/kit-api.ts';
import { openModeratedKit, type ModeratedKit } from './helpers/moderated-kit.ts';
import { DraftsPage } from './pages/drafts.page.ts';
import { ProfilePage } from './pages/profile.page.ts';
import { ResourcePage } from './pages/resource.page.ts';
import { UserResourcesPage } from './pages/user-resources.page.ts';

/*
 * A villager whose contributions are waiting, rejected, blocked or reported
 * reads, on a phone, what happened to each, why, and what to do next: in the
 * list of their resources, on each resource's page and in their drafts.
 * A neighbour reads none of it. Set up through the API, read in the pages.
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 360, height: 740 } });

const stamp = `est${Date.now().toString(36)}`;
const titles = {
  pending: `Canciones en espera ${stamp}`,
  rejected: `Mapa sin fuente ${stamp}`,
  blocked: `Libro copiado ${stamp}`,
  reported: `Receta dudosa ${stamp}`,
};
const reasons = {
  rejected: 'Falta indicar la fuente del mapa',
  blocked: 'Es copia de un libro con derechos',
  report: 'Las cantidades de la receta están mal',
};

let admin: ContribApi;
let owner: ApiUser;
let neighbour: ApiUser;
const ids: Record<keyof typeof titles, number> = { pending: 0, rejected: 0, blocked: 0, reported: 0 };
let moderated: ModeratedKit;

test.beforeAll(async () => {
  moderated = await openModeratedKit();
  ({ admin, owner, neighbour } = moderated);
  const ownerApi = await ContribApi.as(owner.token);
  const neighbourApi = await ContribApi.as(neighbour.token);
  try {
    let seed = 40;
    for (const key of Object.keys(titles) as (keyof typeof titles)[]) ids[key] = (await ownerApi.submitDocument(titles[key], ++seed)).id;
    await admin.decide(ids.rejected, 'reject', reasons.rejected);
    await admin.decide(ids.blocked, 'approve');
    await admin.decide(ids.blocked, 'block', reasons.blocked);
    await admin.decide(ids.reported, 'approve');
    await neighbourApi.report(ids.reported, reasons.report);
  } finally {
    await Promise.all([ownerApi.close(), neighbourApi.close()]);
  }
});

test.afterAll(async () => {
  await moderated.close();
});

/** A villager's own phone, logged in, past the onboarding, without the service worker (live answers). */
async function phoneOf(browser: Browser, user: ApiUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 360, height: 740 }, locale: 'es-PE', serviceWorkers: 'block' });
  await signInBrowser(context, user.token);
  await context.addCookies([{ name: `kp_onboarding_${user.id}`, value: '1', url: process.env.E2E_BASE_URL ?? '' }]);
  return { context, page: await context.newPage() };
}

test('the owner’s list of resources tells each one’s status, why, and what to do next', async ({ browser }) => {
  const { context, page } = await phoneOf(browser, owner);
  try {
    // from the profile, as a villager finds it
    const profile = new ProfilePage(page);
    await profile.goto(owner.id);
    await page.getByRole('main').getByRole('link', { name: 'Mis recursos' }).click();
    const mine = new UserResourcesPage(page);
    await expect(mine.title).toHaveText('Mis recursos');

    await expect(mine.review(titles.pending)).toContainText('Por aprobar');
    await expect(mine.review(titles.pending)).toContainText('Espera la revisión de un administrador.');
    await expect(mine.review(titles.rejected)).toContainText('Rechazado');
    await expect(mine.review(titles.rejected)).toContainText(`Motivo: ${reasons.rejected}`);
    await expect(mine.review(titles.rejected)).toContainText('Corrígelo y vuelve a enviarlo.');
    await expect(mine.review(titles.blocked)).toContainText('Bloqueado');
    await expect(mine.review(titles.blocked)).toContainText(`Motivo: ${reasons.blocked}`);
    await expect(mine.review(titles.reported)).toContainText('Reportado');
    await expect(mine.review(titles.reported)).toContainText(reasons.report);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a rejected resource’s page gives the reason and leads to correcting and resending it', async ({ browser }) => {
  const { context, page } = await phoneOf(browser, owner);
  try {
    const resource = new ResourcePage(page);
    await resource.goto(ids.rejected);
    await expect(resource.title).toHaveText(titles.rejected);
    await expect(resource.review.getByRole('heading')).toHaveText('Estado: Rechazado');
    await expect(resource.review).toContainText(`Motivo: ${reasons.rejected}`);
    await expect(resource.review).toContainText('Corrige lo que dice el motivo y vuelve a enviarlo.');
    expect(await seriousViolations(page)).toEqual([]);
    await resource.review.getByRole('link', { name: 'Corregir y volver a enviar' }).click();
    await expect(page).toHaveURL(new RegExp(`/upload/draft\\?id=${ids.rejected}$`));
    await expect(page.getByLabel('Título')).toHaveValue(titles.rejected);

    // and the drafts page says the same
    const drafts = new DraftsPage(page);
    await drafts.goto();
    await expect(drafts.review(titles.rejected)).toContainText(`Motivo: ${reasons.rejected}`);
    await expect(drafts.review(titles.rejected)).toContainText('Corrígelo y vuelve a enviarlo.');
  } finally {
    await context.close();
  }
});

test('a blocked and a reported resource say why, and offer to write to the kit’s admin', async ({ browser }) => {
  const { context, page } = await phoneOf(browser, owner);
  try {
    const resource = new ResourcePage(page);
    await resource.goto(ids.blocked);
    await expect(resource.review.getByRole('heading')).toHaveText('Estado: Bloqueado');
    await expect(resource.review).toContainText(`Motivo: ${reasons.blocked}`);
    await expect(resource.review).toContainText('Ya no se muestra en la biblioteca');

    await resource.goto(ids.reported);
    await expect(resource.review.getByRole('heading')).toHaveText('Estado: Reportado');
    await expect(resource.review.getByRole('listitem')).toContainText(reasons.report);
    // never who reported it
    await expect(resource.review).not.toContainText(neighbour.user_name);
    await resource.review.getByRole('link', { name: 'Escribir al administrador' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a neighbour reads none of it', async ({ browser }) => {
  const { context, page } = await phoneOf(browser, neighbour);
  try {
    const resource = new ResourcePage(page);
    await resource.goto(ids.reported);
    await expect(resource.title).toHaveText(titles.reported);
    await expect(resource.review).toHaveCount(0);
    await expect(page.getByText(reasons.report)).toHaveCount(0);

    const theirs = new UserResourcesPage(page);
    await theirs.goto(owner.id);
    await expect(theirs.card(titles.reported)).toBeVisible();
    await expect(theirs.card(titles.rejected)).toHaveCount(0);
    await expect(theirs.review(titles.reported)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
