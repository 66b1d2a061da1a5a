import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { KitApi, signedInUser } from './helpers/kit-api.ts';
import { pageFaults } from './helpers/page-checks.ts';
import { ChangePasswordModal } from './pages/account-modals.ts';
import { AdminUsersPage } from './pages/admin.page.ts';
import { MenuEditorPage } from './pages/menu-editor.page.ts';
import { SocialPanel } from './pages/social.page.ts';

/*
 * The main dialogs on a 360×740 phone, open, with the checks every route gets
 * (helpers/page-checks.ts): every-route.spec.ts sees each page as it first
 * loads, and a dialog's buttons only exist once it is opened. Each dialog is
 * closed without doing what it offers.
 */

const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
test.use({ ...pixel, viewport: { width: 360, height: 740 }, screen: { width: 360, height: 740 }, locale: 'es-PE' });

let kit: KitApi;
test.beforeAll(async () => {
  kit = await KitApi.open();
});
test.afterAll(async () => {
  await kit.close();
});

/** The dialog is drawn (its opening animation over), then checked like a page, then closed by its button `close`. */
async function expectClean(page: Page, dialog: Locator, close: string): Promise<void> {
  await expect(dialog).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await pageFaults(page), `${await dialog.getAttribute('aria-label') ?? 'dialog'} on ${page.url()}`).toEqual([]);
  await dialog.getByRole('button', { name: close }).last().click();
  await expect(dialog).toHaveCount(0);
}

test('the admin’s dialogs: a user’s temporary password, block and delete, and a new menu tool', async ({ page, context }) => {
  const villager = await kit.createUser('dialogo');
  await logInAsAdmin(page, context);
  const users = new AdminUsersPage(page);
  await users.goto();
  await users.search.fill(villager.user_name);
  const row = users.row(villager.user_name);

  await row.getByRole('button', { name: 'Contraseña temporal' }).click();
  await expectClean(page, page.getByRole('dialog', { name: 'Contraseña temporal' }), 'Listo');

  await row.getByRole('button', { name: 'Bloquear' }).click();
  await expectClean(page, page.getByRole('dialog', { name: 'Bloquear usuario' }), 'Cancelar');

  await row.getByRole('button', { name: 'Eliminar' }).click();
  await expectClean(page, page.getByRole('dialog'), 'Cancelar');
  await expect(row).toBeVisible();

  const menu = new MenuEditorPage(page);
  await page.goto('/admin/menu');
  await menu.addButton.click();
  await expectClean(page, menu.dialog, 'Cerrar');
});

test('a visitor’s help dialogs in the library: terms and contact', async ({ page }) => {
  await page.goto('/biblioteca');
  for (const entry of ['Términos y condiciones', 'Contacto']) {
    await page.getByRole('button', { name: 'Ayuda' }).click();
    await page.getByRole('link', { name: entry }).click();
    await expectClean(page, page.getByRole('dialog'), 'Cerrar');
  }
});

test('a villager’s dialogs on a resource: report and add to a list', async ({ page, context }) => {
  await signedInUser(kit, context, 'dialogo');
  const all = (await (await page.request.get('/api/content/all?per_page=1')).json()) as { data: { id: number }[] };
  const resource = all.data[0]?.id;
  if (resource === undefined) throw new Error('the demo library has no published resource');
  await page.goto(`/resource/${resource}`);
  const social = new SocialPanel(page);

  await social.report.click();
  await expectClean(page, social.dialog, 'Cancelar');

  await social.addToList.click();
  await expectClean(page, social.dialog, 'Cerrar');
});

test('a villager’s dialogs on their profile: change the password and delete a list', async ({ page, context }) => {
  const villager = await signedInUser(kit, context, 'dialogo');
  const list = await page.request.post('/api/v2/playlists', {
    headers: { Authorization: `Bearer ${villager.token}`, 'X-Requested-With': 'kit-portal' },
    data: { name: 'Para la escuela' },
  });
  expect(list.ok(), await list.text()).toBe(true);
  await page.goto(`/user/${villager.id}`);

  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expectClean(page, new ChangePasswordModal(page).dialog, 'Cancelar');

  await page.getByRole('listitem').filter({ hasText: 'Para la escuela' }).getByRole('button', { name: 'Eliminar' }).click();
  await expectClean(page, page.getByRole('dialog'), 'Cancelar');
  await expect(page.getByRole('link', { name: 'Para la escuela' })).toBeVisible();
});
