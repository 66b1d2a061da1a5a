import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { KitApi, signInBrowser } from './helpers/kit-api.ts';
import { PortalAdminApi } from './helpers/portal-api.ts';
import { MenuEditorPage } from './pages/menu-editor.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';

/*
 * The portal menu is understood without reading: every tile shows a
 * pictogram of its own, drawn inline (no image to wait for), beside the
 * tool's name; a tile an admin adds shows the pictogram the admin chose.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function phone(browser: Browser, token: string | null = null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 360, height: 740 }, locale: 'es-PE', serviceWorkers: 'block' });
  if (token) await signInBrowser(context, token);
  return { context, page: await context.newPage() };
}

test('every menu tile shows a pictogram of its own beside the tool’s name, which stays its accessible name', async ({ page }) => {
  const menu = new PortalMenuPage(page);
  await menu.goto();
  await expect(menu.tile('library')).toBeVisible();

  const library = menu.tools.getByRole('link', { name: 'Biblioteca', exact: true });
  await expect(library.locator('svg[data-pictogram="library"]')).toBeVisible();

  const tiles = await menu.tools.locator('[data-testid^="service-"]').evaluateAll((nodes) =>
    nodes.map((tile) => {
      const svg = tile.querySelector('svg');
      const box = svg?.getBoundingClientRect();
      return {
        id: tile.getAttribute('data-testid'),
        pictogram: svg?.getAttribute('data-pictogram') ?? null,
        drawn: Boolean(svg && svg.querySelector('path, circle, rect') && box && box.width >= 32),
        letter: tile.querySelector('.service-tile__mark')?.textContent ?? '',
      };
    }),
  );
  expect(tiles.length).toBeGreaterThan(5);
  for (const tile of tiles) {
    expect(tile.pictogram, `${tile.id}`).not.toBeNull();
    expect(tile.drawn, `${tile.id}`).toBe(true);
    expect(tile.letter, `${tile.id}`).toBe('');
  }
  // one pictogram per tool: no two of the catalogue's tools share one (tiles admins add may repeat one)
  const tools = tiles.filter((t) => !t.id?.startsWith('service-custom-'));
  expect(new Set(tools.map((t) => t.pictogram)).size).toBe(tools.length);
});

test('an admin adds a tile with a pictogram chosen in the menu editor, and villagers see that pictogram', async ({ browser }) => {
  const label = `Huertos ${Date.now().toString(36)}`;
  const admin = await PortalAdminApi.open();
  const kit = await KitApi.open();
  let addedKey: string | undefined;
  try {
    const { context, page } = await phone(browser, await kit.adminToken());
    await admin.skipOnboarding(context);
    try {
      await page.goto('/admin/menu');
      const editor = new MenuEditorPage(page);
      await expect(editor.heading).toBeVisible();
      await editor.addButton.click();
      await editor.dialog.getByLabel('Nombre en el menú').fill(label);
      await editor.dialog.getByLabel('Destino').selectOption({ label: 'Una categoría de la biblioteca' });
      await editor.dialog.getByLabel('Categoría', { exact: true }).selectOption({ label: 'Agricultura' });
      // the admin taps the drawing; it is a radio button named for what it shows
      await editor.dialog.getByRole('img', { name: 'Hoja' }).click();
      await expect(editor.dialog.getByRole('radio', { name: 'Hoja' })).toBeChecked();
      await editor.dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(editor.dialog).toHaveCount(0);
      await expect(editor.row(label).locator('svg[data-pictogram="leaf"]')).toBeVisible();
    } finally {
      await context.close();
    }

    const villager = await phone(browser);
    try {
      const menu = new PortalMenuPage(villager.page);
      await menu.goto();
      addedKey = await menu.toolKey(label);
      const tile = menu.toolLink(label);
      await expect(tile.locator('svg[data-pictogram="leaf"]')).toBeVisible();
    } finally {
      await villager.context.close();
    }
  } finally {
    if (addedKey) await admin.removeTile((await admin.anonymousServices()).mode, addedKey);
    await admin.close();
    await kit.close();
  }
});
