import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { KitApi, signInBrowser } from './helpers/kit-api.ts';
import { PortalAdminApi, type ServicesMode } from './helpers/portal-api.ts';
import { DownloadPage } from './pages/download.page.ts';
import { LibraryPage } from './pages/library.page.ts';
import { MenuEditorPage } from './pages/menu-editor.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';

/*
 * The portal (docs/API-portal.md) on a phone (Pixel 7 from the config, 360 px wide),
 * against the real server with the demo data: the menu in each services
 * mode, the menu editor, the app download page, the help modals.
 */

test.use({ viewport: { width: 360, height: 740 } });

/** A fresh phone, anonymous or signed in with `token`, without the service worker (the test reads live answers). */
async function phone(browser: Browser, token: string | null = null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 360, height: 740 }, locale: 'es-PE', serviceWorkers: 'block' });
  if (token) await signInBrowser(context, token);
  return { context, page: await context.newPage() };
}

/** A villager's phone on the menu, with the tile named LABEL found and its key read (to remove it afterwards). */
async function villagerMenuTile(browser: Browser, label: string) {
  const villager = await phone(browser);
  try {
    const menu = new PortalMenuPage(villager.page);
    await menu.goto();
    return { ...villager, key: await menu.toolKey(label), tile: menu.toolLink(label) };
  } catch (error) {
    await villager.context.close();
    throw error;
  }
}

test.describe('the menu in each services mode, on a phone', () => {
  // One mode at a time for the whole kit: these run in order, and the kit goes back to the default mode after.
  test.describe.configure({ mode: 'serial' });
  let admin: PortalAdminApi;

  test.beforeAll(async () => {
    admin = await PortalAdminApi.open();
  });
  test.afterAll(async () => {
    await admin.setServicesMode('default');
    await admin.close();
  });

  const modes: [ServicesMode, string, string][] = [
    ['default', 'Portal de servicios de tu comunidad', 'Tu portal'],
    ['planet', 'Planeta: aprender y vivir bien', 'Planeta'],
    ['community', 'Comunidad: trabajo, salud y servicios', 'Comunidad'],
  ];

  for (const [mode, title, mobileTitle] of modes) {
    test(`${mode}: the full list by default, the phone list on request, never Uadmin for a visitor`, async ({ browser }) => {
      await admin.setServicesMode(mode);
      const services = await admin.anonymousServices();
      const { context, page } = await phone(browser);
      try {
        const menu = new PortalMenuPage(page);
        await menu.goto();
        // docs/PRODUCT.md#menu-lists: the desktop view is on until the phone asks for its own list.
        await expect(menu.heading).toHaveText(title);
        expect(await menu.tileIds()).toEqual(services.availableServices.services.map((s) => s.id));
        await expect(menu.tile('uadmin')).toHaveCount(0);

        await menu.viewToggle().click();
        await expect(menu.heading).toHaveText(mobileTitle);
        expect(await menu.tileIds()).toEqual(services.mobileServices.services.map((s) => s.id));
        await expect(menu.tile('surveys')).toHaveCount(0);
        await expect(menu.tile('library')).toHaveAttribute('href', '/biblioteca');
        if (mode === 'community') {
          await expect(menu.tile('chat')).toContainText('No disponible');
          await expect(menu.tile('government')).toContainText('No disponible');
          await expect(menu.tile('ads')).toHaveAttribute('href', '/anuncios');
        }
        // The choice sticks: a reload keeps the phone list.
        await page.reload();
        await expect(menu.heading).toHaveText(mobileTitle);
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('tiles admins configure', () => {
  let admin: PortalAdminApi;
  let adminToken: string;

  test.beforeAll(async () => {
    admin = await PortalAdminApi.open();
    const kit = await KitApi.open();
    adminToken = await kit.adminToken();
    await kit.close();
  });
  test.afterAll(async () => {
    await admin.close();
  });

  test('an admin adds a tile pointing to a category and a villager follows it to the library filtered by it', async ({ browser }) => {
    const label = `Huertos ${Date.now().toString(36)}`;
    const { context, page } = await phone(browser, adminToken);
    await admin.skipOnboarding(context);
    try {
      const menu = new PortalMenuPage(page);
      await menu.goto();
      await expect(menu.tile('uadmin')).toHaveAttribute('href', '/admin');
      await menu.tile('addTool').click();

      const editor = new MenuEditorPage(page);
      await expect(editor.heading).toBeVisible();
      await editor.addCategoryTile(label, 'Agricultura');
      await expect(editor.dialog).toHaveCount(0);
      await expect(editor.row(label)).toContainText('Una categoría de la biblioteca: Agricultura');
    } finally {
      await context.close();
    }

    const villager = await villagerMenuTile(browser, label);
    try {
      await villager.tile.click();
      const categoryId = await admin.categoryId('Agricultura');
      await expect(villager.page).toHaveURL(new RegExp(`/biblioteca\\?c=${categoryId}$`));
      const library = new LibraryPage(villager.page);
      await expect(library.title).toHaveText('Agricultura');
      await expect(library.cards().first()).toBeVisible();
    } finally {
      await villager.context.close();
      await admin.removeTile((await admin.anonymousServices()).mode, villager.key);
    }
  });

  test('a villager cannot open the menu editor', async ({ browser }) => {
    const { context, page } = await phone(browser);
    try {
      await page.goto('/admin/menu');
      await expect(page).toHaveURL(/\/login\?route=admin-menu$/);
    } finally {
      await context.close();
    }
  });
});

test.describe('the mobile app download page', () => {
  test('serves the package the admin uploaded, with its size and the install steps', async ({ browser }) => {
    const admin = await PortalAdminApi.open();
    // A real Android package: the kit tells one from a plain zip by what it holds, never by its name.
    const apk = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'demo', 'media', 'app-aprende-a-leer.apk'));
    await admin.uploadAppPackage(apk, 'uayki-release.apk', { name: 'Uayki', version: '3.1.0' });
    const { context, page } = await phone(browser);
    try {
      const download = new DownloadPage(page);
      await download.goto();
      await expect(download.heading).toBeVisible();
      await expect(download.packageCard).toContainText('Uayki');
      await expect(download.packageCard).toContainText('3.1.0');
      await expect(download.downloadButton).toHaveText(`Descargar la aplicación (${(apk.length / 1024).toFixed(1)} KB)`);
      await expect(download.installSteps).toContainText('Permitir de esta fuente');

      const [file] = await Promise.all([page.waitForEvent('download'), download.downloadButton.click()]);
      expect(file.suggestedFilename()).toBe('Uayki 3.1.0.apk');
      const saved = await file.path();
      const { readFile } = await import('node:fs/promises');
      expect((await readFile(saved)).equals(apk)).toBe(true);
    } finally {
      await context.close();
      await admin.removeAppPackage();
      await admin.close();
    }
  });
});

test.describe('help modals', () => {
  test('the library help menu opens the terms, whose PDF is the same text, and closes back to the page', async ({ browser }) => {
    const { context, page } = await phone(browser);
    try {
      await page.goto('/biblioteca?type=2');
      await page.getByRole('button', { name: 'Ayuda' }).click();
      await page.getByRole('link', { name: 'Términos y condiciones' }).click();
      const dialog = page.getByRole('dialog', { name: 'Términos y Condiciones de Uso de Uayki – Kit Portal' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('jueces y tribunales del Distrito Judicial de Lima');
      const pdfHref = await dialog.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href');
      const pdf = await page.request.get(pdfHref ?? '');
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/biblioteca\?type=2$/);
    } finally {
      await context.close();
    }
  });
});

test.describe('the ads board', () => {
  test('a villager posts a notice, an admin publishes it, and anyone finds it on the board', async ({ browser }) => {
    const kit = await KitApi.open();
    const villager = await kit.createUser('vecina', { completeProfile: true });
    const adminToken = await kit.adminToken();
    await kit.close();
    const title = `Vendo papa nativa ${Date.now().toString(36)}`;

    const poster = await phone(browser, villager.token);
    await poster.context.addCookies([{ name: `kp_onboarding_${villager.id}`, value: '1', url: process.env.E2E_BASE_URL ?? '' }]);
    try {
      await poster.page.goto('/anuncios');
      await poster.page.getByRole('link', { name: 'Publicar un anuncio' }).click();
      const form = poster.page.getByRole('main');
      await form.getByLabel('Título').fill(title);
      await form.getByLabel('Texto del anuncio').fill('Papa amarilla y huayro de la última cosecha, por arroba.');
      await form.getByLabel('Contacto', { exact: false }).fill('Puesto 4 de la feria del domingo');
      await form.getByLabel('Categoría').selectOption({ label: 'Compra y venta' });
      await form.getByRole('button', { name: 'Enviar a revisión' }).click();
      await expect(poster.page).toHaveURL(/\/anuncios$/);
      const mine = poster.page.getByRole('region', { name: 'Mis anuncios' });
      await expect(mine.getByRole('article').filter({ hasText: title })).toContainText('En revisión');
      await expect(poster.page.getByRole('list', { name: 'Anuncios de la comunidad' })).toHaveCount(0);
    } finally {
      await poster.context.close();
    }

    const moderator = await phone(browser, adminToken);
    try {
      await moderator.page.goto('/admin/anuncios');
      const card = moderator.page.getByRole('article').filter({ hasText: title });
      await card.getByRole('button', { name: 'Publicar' }).click();
      await expect(moderator.page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
    } finally {
      await moderator.context.close();
    }

    const visitor = await phone(browser);
    try {
      await visitor.page.goto('/anuncios?q=papa%20nativa');
      await expect(visitor.page.getByRole('article').filter({ hasText: title })).toContainText('Puesto 4 de la feria del domingo');
      await visitor.page.goto('/anuncios?categoria=empleo');
      await expect(visitor.page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
    } finally {
      await visitor.context.close();
    }
  });
});

/*
 * The menu is understood without reading: every tile shows a pictogram of its
 * own, drawn inline (no image to wait for), beside the tool's name; a tile an
 * admin adds shows the pictogram the admin chose. In this file because it
 * changes the kit-wide menu, as the services modes above do: one file runs in
 * one worker, so the two never change the menu under each other.
 */
test.describe('menu pictograms', () => {
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

      const villager = await villagerMenuTile(browser, label);
      addedKey = villager.key;
      try {
        await expect(villager.tile.locator('svg[data-pictogram="leaf"]')).toBeVisible();
      } finally {
        await villager.context.close();
      }
    } finally {
      if (addedKey) await admin.removeTile((await admin.anonymousServices()).mode, addedKey);
      await admin.close();
      await kit.close();
    }
  });
});
