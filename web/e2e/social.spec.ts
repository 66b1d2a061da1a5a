import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { KitApi, signedInUser } from './helpers/kit-api.ts';
import { SocialApi } from './helpers/social-api.ts';
import { ProfilePage } from './pages/profile.page.ts';
import { ResourcePage } from './pages/resource.page.ts';
import { SocialPanel } from './pages/social.page.ts';

/*
 * Comments, favourites, lists and reports through the UI, checked through the
 * API; and the outbox: writes made offline show as pending and reach the kit
 * exactly once when the link returns, however often it comes back. Each test
 * has its own fresh user; the demo resources are shared, so every check looks
 * only at that user's comments, favourites, lists and reports.
 */

let kit: KitApi;
let server: SocialApi;

test.beforeAll(async () => {
  kit = await KitApi.open();
  server = await SocialApi.open();
});

test.afterAll(async () => {
  await server.close();
  await kit.close();
});

const tag = () => randomBytes(4).toString('hex');

/** axe-core: no serious or critical violation on what the page shows now. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad).toEqual([]);
}

test('a user comments, favourites, adds the resource to a new list and reports it', async ({ page, context }) => {
  // a long journey with two accessibility scans: more than the default half minute on a busy machine
  test.setTimeout(60_000);
  const user = await signedInUser(kit, context, 'social');
  const resource = await server.demoResource(2);
  const social = new SocialPanel(page);
  await new ResourcePage(page).goto(resource.id);

  // a comment is plain text: markup shows as typed
  const text = `Muy útil <b>${tag()}</b>`;
  await social.comment(text);
  await expect(social.sentComments.filter({ hasText: text })).toHaveCount(1);
  await expect(social.commentBox).toHaveValue('');
  const mine = (await server.comments(resource.id)).filter((comment) => comment.user?.id === user.id);
  expect(mine.map((comment) => comment.comment)).toEqual([text]);
  await expectAccessible(page);

  // an empty comment is refused on the page, and nothing is sent
  await social.comment('   ');
  await expect(social.comments.getByRole('alert')).toHaveText('El comentario está vacío');

  await social.favorite.click();
  await expect(social.favorite).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => server.favoriteIds(user.id)).toEqual([resource.id]);

  const listName = `Para la escuela ${tag()}`;
  await social.addToList.click();
  await expect(social.dialog.getByText('Todavía no tienes listas.')).toBeVisible();
  await social.dialog.getByLabel('Nombre de la nueva lista').fill(listName);
  await social.dialog.getByRole('button', { name: 'Crear lista y añadir' }).click();
  await expect(social.dialog.getByTestId('list-row').filter({ hasText: listName }).getByRole('button', { name: /^Quitar/ })).toBeVisible();
  await expectAccessible(page);
  expect(await server.playlists(user.id, resource.id)).toMatchObject([{ name: listName, count: 1, hasResource: true }]);
  await social.dialog.getByRole('button', { name: 'Cerrar' }).click();

  const reason = `Tiene datos equivocados ${tag()}`;
  await social.report.click();
  await social.dialog.getByLabel('Motivo del reporte').fill(reason);
  await social.dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(social.dialog).toBeHidden();
  const reports = await server.openReports(resource.id, resource.title, await kit.adminToken());
  expect(reports.filter((report) => report.user?.id === user.id).map((report) => report.reason)).toEqual([reason]);

  // a second report of the same resource says why it is refused
  await social.report.click();
  await social.dialog.getByLabel('Motivo del reporte').fill('otra vez');
  await social.dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(social.dialog.getByRole('alert')).toHaveText('Ya reportaste este recurso; un administrador lo revisará');
  await social.dialog.getByRole('button', { name: 'Cancelar' }).first().click();

  // the profile shows the favourites and the user's own lists
  await page.goto(`/user/${user.id}`);
  await expect(page.getByTestId('profile-favorites').getByRole('link', { name: resource.title })).toBeVisible();
  await expect(page.getByTestId('profile-lists').getByRole('link', { name: listName })).toHaveAttribute('href', /\/list\/\d+$/);
});

async function offlineJourney(page: Page, context: BrowserContext, nth: number, withServiceWorker: boolean) {
  const user = await signedInUser(kit, context, 'offline');
  const resource = await server.demoResource(1, nth);
  const social = new SocialPanel(page);
  await new ResourcePage(page).goto(resource.id);
  if (withServiceWorker) await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(social.favorite).toHaveAttribute('aria-pressed', 'false');

  await context.setOffline(true);
  const text = `Escrito sin conexión ${tag()}`;
  await social.comment(text);
  await expect(social.pendingComments.filter({ hasText: text }).getByText('Pendiente de envío')).toBeVisible();
  await social.favorite.click();
  await expect(social.favorite).toHaveAttribute('aria-pressed', 'true');
  await expect(social.favoritePending()).toHaveText('Pendiente de envío');
  expect((await server.comments(resource.id)).filter((comment) => comment.comment === text)).toEqual([]);
  expect(await server.favoriteIds(user.id)).toEqual([]);

  // the link comes back, drops and comes back again at once: two online events, two flushes
  await context.setOffline(false);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(social.sentComments.filter({ hasText: text })).toHaveCount(1);
  await expect(social.pendingComments).toHaveCount(0);
  await expect(social.favoritePending()).toHaveCount(0);

  // and once more later: nothing is sent again
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForTimeout(1500);
  expect((await server.comments(resource.id)).filter((comment) => comment.comment === text && comment.user?.id === user.id)).toHaveLength(1);
  expect(await server.favoriteIds(user.id)).toEqual([resource.id]);

  // a reload reads the same thread from the kit: one comment, still a favourite
  await page.reload();
  await expect(social.sentComments.filter({ hasText: text })).toHaveCount(1);
  await expect(social.favorite).toHaveAttribute('aria-pressed', 'true');
  return { user, resource };
}

test('a notification shown while a dialog is open leaves its buttons and the bottom bar uncovered', async ({ page, context }) => {
  await signedInUser(kit, context, 'toast');
  const resource = await server.demoResource(2);
  await new ResourcePage(page).goto(resource.id);
  const social = new SocialPanel(page);
  await social.addToList.click();
  await social.dialog.getByLabel('Nombre de la nueva lista').fill(`Toast ${tag()}`);
  await social.dialog.getByRole('button', { name: 'Crear lista y añadir' }).click();
  const toast = page.getByRole('region', { name: 'Notificaciones' }).getByRole('status');
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  const covered = async (target: Locator) => {
    const other = await target.boundingBox();
    return !!box && !!other && box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
  };
  const targets = [...(await social.dialog.getByRole('button').all()), page.getByRole('navigation', { name: 'Biblioteca' })];
  for (const target of targets) expect(await covered(target), (await target.textContent()) ?? '').toBe(false);
});

test('a comment sent after the session was ended elsewhere: told once that it expired, and nothing falsely "discarded"', async ({ page, context, request }) => {
  const user = await signedInUser(kit, context, 'expired');
  const resource = await server.demoResource(2);
  await new ResourcePage(page).goto(resource.id);
  const social = new SocialPanel(page);
  // the token stops working on the kit (a logout elsewhere) just as the comment leaves: the kit refuses it
  await page.route('**/api/comment/create', async (route) => {
    expect((await request.post('/api/deauth', { headers: { authorization: `Bearer ${user.token}` } })).ok()).toBe(true);
    await route.continue();
  });
  await social.comment(`Tarde ${tag()}`);
  await expect(page).toHaveURL(/\/login/);
  const toasts = page.getByRole('region', { name: 'Notificaciones' });
  await expect(toasts.getByText('Su token ha expirado, vuelva a iniciar sesión')).toHaveCount(1);
  // the comment was sent online and refused in front of the user: no change made offline was lost
  await expect(toasts.getByText('Se descartaron los cambios hechos sin conexión que aún no se habían enviado.')).toHaveCount(0);
});

/** Entries in the page's IndexedDB outbox, read without the app. */
function outboxSize(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('kit-portal');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('outbox').objectStore('outbox').count();
      count.onerror = () => reject(count.error);
      count.onsuccess = () => {
        open.result.close();
        resolve(count.result);
      };
    };
  });
}

test.describe('offline, with the service worker in control', () => {
  test('a comment and a favourite made offline show as pending, then reach the kit exactly once', async ({ page, context }) => {
    const { user, resource } = await offlineJourney(page, context, 0, true);

    // a write still queued at logout goes with the session (a shared phone), and the user is told
    const social = new SocialPanel(page);
    await context.setOffline(true);
    const dropped = `No llegará ${tag()}`;
    await social.comment(dropped);
    await expect(social.pendingComments.filter({ hasText: dropped })).toBeVisible();
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: `Menú de la cuenta: ${user.user_name}` }).click();
    await header.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByText('Se descartaron los cambios hechos sin conexión que aún no se habían enviado.')).toBeVisible();
    expect(await page.evaluate(outboxSize)).toBe(0);
    await context.setOffline(false);
    await page.waitForTimeout(1500);
    expect((await server.comments(resource.id)).filter((comment) => comment.comment === dropped)).toEqual([]);
  });
});

test.describe('offline, without a service worker (a plain-HTTP kit)', () => {
  test.use({ serviceWorkers: 'block' });
  test('a comment and a favourite made offline show as pending, then reach the kit exactly once', async ({ page, context }) => {
    await offlineJourney(page, context, 1, false);
  });
});

test('a profile edit made offline is saved once the link returns', async ({ page, context }) => {
  const user = await signedInUser(kit, context, 'perfil');
  const profile = new ProfilePage(page);
  await profile.goto(user.id);
  await expect(page.getByTestId('profile-lists')).toBeVisible();
  // the notification's code is loaded on first use: offline, only the service worker has it
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  const name = `Rosa ${tag()}`;
  await profile.form.getByLabel(/^Nombres/).fill(name);
  await profile.save.click();
  await expect(page.getByText('Sin conexión: tus cambios se guardarán cuando vuelva la conexión.')).toBeVisible();
  expect((await server.user(user.id)).name).toBe('Prueba');

  await context.setOffline(false);
  await expect.poll(async () => (await server.user(user.id)).name).toBe(name);
});
