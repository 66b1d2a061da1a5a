import path from 'node:path';
import { request as playwrightRequest, expect, test, type APIRequestContext } from '@playwright/test';
import { KitApi } from './helpers/kit-api.ts';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { controlFaults } from './helpers/page-checks.ts';

/*
 * /admin/data on the shared server: a banner uploaded there shows on /menu at
 * once, the denied-users setting is chosen by name, and the page says which
 * mode phones get. Everything changed here is put back (other specs run at
 * the same time).
 */

test.describe.configure({ mode: 'serial' });

interface Banner {
  id: number;
  slot: string;
  imageUrl: string;
  active: boolean;
}

let kit: KitApi;
let admin: APIRequestContext;
let deniedBefore: number[] = [];
const image = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'demo', 'media', 'img-llamas-puna.jpg');

const banners = async (): Promise<Banner[]> => ((await (await admin.get('/api/v2/admin/banners')).json()) as { data: Banner[] }).data;
const deniedUsers = async (): Promise<number[]> => ((await (await admin.get('/api/v2/admin/settings')).json()) as { deniedUsers: number[] }).deniedUsers;

test.beforeAll(async () => {
  kit = await KitApi.open();
  admin = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${await kit.adminToken()}` } });
  deniedBefore = await deniedUsers();
});
test.afterAll(async () => {
  await admin.put('/api/v2/admin/settings', { data: { deniedUsers: deniedBefore } });
  await admin.dispose();
  await kit.close();
});

test.beforeEach(async ({ page, context }) => {
  await logInAsAdmin(page, context);
  await page.goto('/admin/data');
  await expect(page.getByRole('heading', { level: 1, name: 'Datos y ajustes' })).toBeVisible();
});

test('a banner uploaded on /admin/data is checked, then shows on /menu without a restart', async ({ page }) => {
  const before = new Set((await banners()).map((b) => b.id));
  const slot = page.locator('.banner-slot', { has: page.getByRole('heading', { name: 'Banner superior del menú' }) });
  const input = slot.locator('input[type="file"]');

  await input.setInputFiles({ name: 'falso.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
  await expect(page.getByText('El archivo no es una imagen JPG, PNG, GIF o WebP.')).toBeVisible();
  expect((await banners()).filter((b) => !before.has(b.id))).toEqual([]);

  await input.setInputFiles(image);
  await expect(page.getByText('Se subió el banner')).toBeVisible();
  const added = (await banners()).filter((b) => !before.has(b.id));
  try {
    expect(added).toMatchObject([{ slot: 'menuTop', active: true }]);
    await expect(slot.locator('img')).toHaveAttribute('src', added[0]!.imageUrl);
    await page.goto('/menu');
    await expect(page.getByTestId('menu-banner-top')).toHaveAttribute('src', added[0]!.imageUrl);
  } finally {
    for (const banner of added) await admin.delete(`/api/v2/admin/banners/${banner.id}`);
  }
});

test('denied users are chosen by name and shown as removable chips', async ({ page }) => {
  const user = await kit.createUser('vetado');
  const name = `Prueba Kit (@${user.user_name})`;
  const chips = page.getByRole('list', { name: 'Usuarios elegidos' });

  await page.getByLabel('Buscar usuarios por nombre').fill(user.user_name);
  await page.getByRole('button', { name: `Añadir a ${name}` }).click();
  await expect(chips.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByLabel('Buscar usuarios por nombre')).toHaveValue('');
  await page.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(page.getByText('Ajustes guardados')).toBeVisible();
  expect(await deniedUsers()).toContain(user.id);

  // The setting holds ids; the page shows their names again after a reload.
  await page.reload();
  const remove = chips.getByRole('button', { name: `Quitar a ${name}` });
  await expect(remove).toBeVisible();
  // the chip's × is a control of a known kind, like every other button of the page
  expect(await controlFaults(page)).toEqual([]);
  await remove.click();
  await expect(page.getByText(name)).toBeHidden();
  await page.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(page.getByText('Ajustes guardados')).toBeVisible();
  expect(await deniedUsers()).not.toContain(user.id);
});

test('the page says phones get the basic mode on plain HTTP, and why', async ({ page }) => {
  const panel = page.getByTestId('phone-mode');
  await expect(panel).toContainText('Modo básico en HTTP');
  await expect(panel).toContainText('No hay certificado instalado.');
  await expect(panel).toContainText('«Descargar al teléfono»');
});
