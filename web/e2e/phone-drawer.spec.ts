import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { KitApi, signedInUser } from './helpers/kit-api.ts';
import { LibraryPage } from './pages/library.page.ts';
import { ResourcePage } from './pages/resource.page.ts';
import { SocialPanel } from './pages/social.page.ts';

/*
 * The drawers on a 360 px phone (the library's category drawer, the admin
 * side menu): focus goes in when one opens, stays in while it is open, and
 * goes back to the button that opened it when Escape closes it; the help
 * menu opens above the drawer and its backdrop. And the admin pages use the
 * app's own buttons, text boxes, lists and checkboxes, not the browser's
 * bare ones.
 */

test.use({ viewport: { width: 360, height: 740 } });

/** Whether the focused element is inside CONTAINER. */
const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** Tabs forwards, then backwards, further than the drawer has stops, checking focus never leaves it. */
async function expectFocusTrapped(page: Page, drawer: Locator): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await focusInside(drawer), `${key} ×${i + 1}`).toBe(true);
    }
  }
}

test('the library drawer takes the focus, keeps it, and gives it back to its button on Escape', async ({ page }) => {
  const library = new LibraryPage(page);
  await library.goto();
  await expect(library.title).toHaveText('Biblioteca');
  const drawer = page.locator('#library-sidebar');

  await library.drawerButton.click();
  await expect(library.drawerButton).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => focusInside(drawer)).toBe(true);
  await expectFocusTrapped(page, drawer);

  await page.keyboard.press('Escape');
  await expect(library.drawerButton).toHaveAttribute('aria-expanded', 'false');
  await expect(library.drawerButton).toBeFocused();
  await expect(drawer).toBeHidden();

  // opened from the keyboard, closed by Escape even while the focus sits on the tree
  await library.drawerButton.press('Enter');
  await expect.poll(() => focusInside(drawer)).toBe(true);
  await library.treeItem('Salud').focus();
  await page.keyboard.press('Escape');
  await expect(library.drawerButton).toHaveAttribute('aria-expanded', 'false');
  await expect(library.drawerButton).toBeFocused();
});

test('the help menu opens above the open drawer and its backdrop, and its entries can be tapped', async ({ page }) => {
  const library = new LibraryPage(page);
  await library.goto();
  await library.openDrawer();
  await page.getByRole('button', { name: 'Ayuda' }).click();
  const entry = page.getByRole('link', { name: 'Términos y condiciones' });
  await expect(entry).toBeVisible();
  // the element a finger on the entry's centre would touch is the entry itself, not the drawer or the backdrop
  const topmost = await entry.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(topmost).toBe(true);
  await entry.click();
  await expect(page.getByRole('dialog', { name: /Términos y condiciones/i })).toBeVisible();
});

test('the admin side menu drawer takes the focus, keeps it, and gives it back on Escape', async ({ page, context }) => {
  await logInAsAdmin(page, context);
  const button = page.getByRole('button', { name: 'Abrir menú' });
  const drawer = page.locator('#dashboard-side-menu');
  await button.click();
  await expect.poll(() => focusInside(drawer)).toBe(true);
  await expectFocusTrapped(page, drawer);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();
  await expect(drawer).toBeHidden();
});

test('the admin pages for users, data and categories use the app’s styled controls', async ({ page, context }) => {
  await logInAsAdmin(page, context);
  for (const path of ['/admin/users', '/admin/data', '/admin/category']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.locator('button').first()).toBeVisible();
    // Bare controls keep the browser's small control font (13.33 px) and 13 px checkboxes; the app's
    // are 16 px text and 22 px boxes, and a button that holds only a drawing is a finger-sized target.
    const bare = await main.evaluate((root) => {
      const found: string[] = [];
      const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('value') || '').trim().slice(0, 30)}"`;
      for (const el of root.querySelectorAll('button, input, select')) {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        // not drawn (a file input inside its styled label, say)
        if (style.visibility === 'hidden' || box.width <= 1 || box.height <= 1) continue;
        const type = el.getAttribute('type');
        const drawingOnly = el.tagName === 'BUTTON' && !el.textContent?.trim() && el.querySelector('svg') !== null;
        if (type === 'checkbox' || type === 'radio') {
          if (box.width < 20) found.push(name(el));
        } else if ((!drawingOnly && parseFloat(style.fontSize) < 16) || box.height < 32) {
          found.push(name(el));
        }
      }
      return found;
    });
    expect(bare, path).toEqual([]);
  }
});

type Box = { x: number; y: number; width: number; height: number } | null;
const overlap = (a: Box, b: Box) => !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a notification covers neither the bottom bar nor the rows of the open drawer', async ({ page, context }) => {
  const kit = await KitApi.open();
  try {
    await signedInUser(kit, context, 'aviso');
  } finally {
    await kit.close();
  }
  const all = (await (await page.request.get('/api/content/all?per_page=1')).json()) as { data: { id: number }[] };
  await new ResourcePage(page).goto(all.data[0]?.id ?? 0);
  const social = new SocialPanel(page);
  // the link drops as a new list leaves: it is queued, the dialog closes, and the notice that says so stays until closed
  await page.route('**/api/v2/playlists', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await social.addToList.click();
  await social.dialog.getByLabel('Nombre de la nueva lista').fill('Para leer');
  await social.dialog.getByRole('button', { name: 'Crear lista y añadir' }).click();
  await expect(social.dialog).toBeHidden();
  const toast = page.getByRole('region', { name: 'Notificaciones' }).getByRole('status');
  await expect(toast).toBeVisible();

  const library = new LibraryPage(page);
  expect(overlap(await toast.boundingBox(), await library.navigation.boundingBox()), 'the toast on the bottom bar').toBe(false);

  await library.openDrawer();
  const drawer = page.locator('#library-sidebar');
  await expect(drawer.getByRole('treeitem').first()).toBeVisible();
  await expect(drawer).toHaveCSS('transform', 'none');
  // a finger anywhere on the open drawer, down to its last rows above the bottom bar, reaches the drawer, not the notification
  const covered = await drawer.evaluate((panel) => {
    const box = panel.getBoundingClientRect();
    const bottom = Math.min(box.bottom, document.querySelector('.library-nav')?.getBoundingClientRect().top ?? box.bottom);
    const missed: string[] = [];
    for (let y = box.top + 4; y < bottom - 2; y += 16) {
      for (const x of [box.left + 8, box.left + box.width / 2, box.right - 8]) {
        const hit = document.elementFromPoint(x, y);
        if (!panel.contains(hit)) missed.push(`${Math.round(x)},${Math.round(y)}: ${hit?.className ?? 'nothing'}`);
      }
    }
    return missed;
  });
  expect(covered).toEqual([]);
});
