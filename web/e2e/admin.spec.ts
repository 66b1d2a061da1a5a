import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { KitApi } from './helpers/kit-api.ts';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { PortalAdminApi } from './helpers/portal-api.ts';
import { AdminCategoryPage, AdminDashboardPage, AdminDataPage, AdminUsersPage } from './pages/admin.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';

/* The admin journey (docs/API-admin.md), against the built server with the demo library. */

test.describe.configure({ mode: 'serial' });

let kit: KitApi;
let portal: PortalAdminApi;
const stamp = Date.now().toString(36).slice(-4);
const names = { uno: `E2E Uno ${stamp}`, dos: `E2E Dos ${stamp}`, tres: `E2E Tres ${stamp}` };

test.beforeAll(async () => {
  kit = await KitApi.open();
  portal = await PortalAdminApi.open();
});
test.afterAll(async () => {
  await portal.setServicesMode('default');
  await portal.close();
  await kit.close();
});

test.beforeEach(async ({ page, context }) => {
  await logInAsAdmin(page, context);
});

test('the Resumen shows the eight counters the server counts', async ({ page }) => {
  const dashboard = new AdminDashboardPage(page);
  // a phone: the side menu is a drawer
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(dashboard.menu.getByRole('link', { name: 'Categorías' })).toBeVisible();
  await expect(dashboard.menu.getByRole('link', { name: 'Volver al Menú' })).toHaveAttribute('href', '/menu');
  // Other journeys run in parallel and change the counts: compare with the answer this page rendered.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v3/dashboard');
  await page.reload();
  const fromApi = (await (await answer).json()) as Record<string, number>;
  for (const key of ['users', 'resources', 'playlists', 'downloads', 'reports', 'pendingApproval', 'drafts', 'categories']) {
    await expect(dashboard.counter(key)).toHaveText(String(fromApi[key]));
  }
  expect(fromApi.resources).toBeGreaterThan(0);
});

test('categories: create, drag inside and before, rename, delete (refused while not empty)', async ({ page }) => {
  const cats = new AdminCategoryPage(page);
  await cats.goto();
  for (const name of [names.uno, names.dos, names.tres]) await cats.createCategory(name);

  await cats.drag(names.uno, names.dos, 'inside');
  await expect(cats.row(names.dos)).toContainText('(1)');
  await cats.drag(names.tres, names.dos, 'before');
  await expect
    .poll(async () => page.locator('[data-testid^="category-E2E"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid'))))
    .toEqual([`category-${names.tres}`, `category-${names.dos}`, `category-${names.uno}`]);
  // Uno sits inside Dos (shown open after the drop), Tres right before Dos at the top level
  await expect(page.getByRole('treeitem').filter({ has: cats.row(names.dos) }).getByRole('group').getByTestId(`category-${names.uno}`)).toBeVisible();

  await cats.row(names.tres).click();
  await cats.renameInput.fill(`${names.tres} bis`);
  await cats.rename.click();
  await expect(cats.row(`${names.tres} bis`)).toBeVisible();

  await cats.row(names.dos).click();
  await cats.deleteSelected();
  await expect(page.getByRole('alert').filter({ hasText: 'No se puede eliminar' })).toBeVisible();
  await expect(cats.row(names.dos)).toBeVisible();

  await cats.row(names.uno).click();
  await cats.deleteSelected();
  await expect(cats.row(names.uno)).toHaveCount(0);
  await expect(cats.row(names.dos)).not.toContainText('(1)');
  for (const name of [names.dos, `${names.tres} bis`]) {
    await cats.row(name).click();
    await cats.deleteSelected();
    await expect(cats.row(name)).toHaveCount(0);
  }
});

test('categories: hide one from everyone but admins, and show it again', async ({ page, request }) => {
  const name = `E2E Reservada ${stamp}`;
  const seenByVisitors = async () => ((await (await request.get('/api/content/types')).json()) as { data: { name: string }[] }).data.some((c) => c.name === name);
  const cats = new AdminCategoryPage(page);
  await cats.goto();
  await cats.createCategory(name);
  expect(await seenByVisitors()).toBe(true);

  await cats.row(name).click();
  await cats.hide.click();
  await expect(page.getByText('Categoría oculta: solo los administradores la ven')).toBeVisible();
  await expect(cats.hiddenBadge(name)).toBeVisible();
  await expect.poll(seenByVisitors).toBe(false);
  // still hidden after a reload: the server keeps it
  await page.reload();
  await expect(cats.hiddenBadge(name)).toBeVisible();

  await cats.row(name).click();
  await cats.show.click();
  await expect(cats.hiddenBadge(name)).toHaveCount(0);
  await expect.poll(seenByVisitors).toBe(true);

  await cats.deleteSelected();
  await expect(cats.row(name)).toHaveCount(0);
});

test('changing the services mode in /admin/data changes the title of /menu', async ({ page }) => {
  const data = new AdminDataPage(page);
  await data.goto();
  await data.servicesMode.selectOption('community');
  await data.save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Ajustes guardados' })).toBeVisible();
  const menu = new PortalMenuPage(page);
  await menu.goto();
  await expect(menu.heading).toHaveText('Comunidad: trabajo, salud y servicios');
});

test('users: export the CSV and delete a user', async ({ page }) => {
  const victim = await kit.createUser('borrar');
  const users = new AdminUsersPage(page);
  await users.goto();

  const [download] = await Promise.all([page.waitForEvent('download'), users.exportCsv.click()]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Id,Usuario,Nombre,Apellido,Correo,Género,Fecha de nacimiento,Código de país,Teléfono,Administrador,Bloqueado,Creado');
  expect(csv).toContain(victim.user_name);

  await users.search.fill(victim.user_name);
  await expect(users.row(victim.user_name)).toBeVisible();
  await users.row(victim.user_name).getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(users.row(victim.user_name)).toHaveCount(0);
  expect((await page.request.get(`/api/v2/admin/users?q=${victim.user_name}`)).ok()).toBe(true);
  expect(((await (await page.request.get(`/api/v2/admin/users?q=${victim.user_name}`)).json()) as { total: number }).total).toBe(0);
});

test('users: a temporary password opens in a dialog to read and copy, stays until closed, and logs the user in', async ({ page, playwright }) => {
  const villager = await kit.createUser('olvido');
  const users = new AdminUsersPage(page);
  await users.goto();
  await users.search.fill(villager.user_name);
  await users.row(villager.user_name).getByRole('button', { name: 'Contraseña temporal' }).click();

  const dialog = page.getByRole('dialog', { name: 'Contraseña temporal' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(villager.user_name);
  const password = (await dialog.getByTestId('temporary-password').innerText()).trim();
  expect(password).toMatch(/^\S{6,}$/);
  await dialog.getByRole('button', { name: 'Listo' }).last().click();
  await expect(dialog).toHaveCount(0);

  const villagerHttp = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const answer = await villagerHttp.post('/api/v3/authTemporary', { data: { user_name: villager.user_name, password } });
    expect(answer.status(), await answer.text()).toBe(200);
  } finally {
    await villagerHttp.dispose();
  }
});

test('users: blocking asks first, and «Eliminar» and «Bloquear» look like what they do', async ({ page }) => {
  const villager = await kit.createUser('bloqueo');
  const users = new AdminUsersPage(page);
  await users.goto();
  await users.search.fill(villager.user_name);
  const row = users.row(villager.user_name);
  await expect(row.getByRole('button', { name: 'Eliminar' })).toHaveClass(/button--danger/);
  await row.getByRole('button', { name: 'Bloquear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear usuario' });
  await expect(dialog).toContainText(villager.user_name);
  await dialog.getByRole('button', { name: 'Cancelar' }).last().click();
  await expect(row).not.toContainText('Bloqueado');
  await row.getByRole('button', { name: 'Bloquear' }).click();
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(row).toContainText('Bloqueado');
});
