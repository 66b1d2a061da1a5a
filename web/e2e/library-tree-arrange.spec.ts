import { expect, test } from '@playwright/test';
import { CategoryAdminApi } from './helpers/category-api.ts';
import { KitApi, signedInUser, signInBrowser } from './helpers/kit-api.ts';
import { PortalAdminApi } from './helpers/portal-api.ts';
import { LibraryPage } from './pages/library.page.ts';

/*
 * Admins arrange the categories from the library's own tree (the drawer on a
 * 360 px phone): a drop before, after or inside another category, with the
 * mouse, a finger or the keyboard, is the same call /admin/category makes, and
 * the server keeps the new order. Nobody else gets a handle.
 */

test.use({ viewport: { width: 360, height: 740 } });

const stamp = Date.now().toString(36).slice(-5);
const names = { parent: `Orden ${stamp}`, a: `Alfa ${stamp}`, b: `Beta ${stamp}`, c: `Gama ${stamp}` };

let categories: CategoryAdminApi;
let parentId: number;

test.beforeAll(async () => {
  categories = await CategoryAdminApi.open();
  parentId = await categories.create(names.parent, null);
  for (const name of [names.a, names.b, names.c]) await categories.create(name, parentId);
});

test.afterAll(async () => {
  await categories.removeTree(parentId);
  await categories.close();
});

test('an admin moves categories before, after and inside others by mouse, finger and keyboard, and the server keeps the order', async ({ page, context }) => {
  const kit = await KitApi.open();
  const portal = await PortalAdminApi.open();
  try {
    await signInBrowser(context, await kit.adminToken());
    await portal.skipOnboarding(context);
  } finally {
    await portal.close();
    await kit.close();
  }
  const library = new LibraryPage(page);
  // the parent's page opens the parent in the tree
  await library.goto('biblioteca', `?c=${parentId}`);
  await library.openDrawer();
  await expect(library.treeItem(names.parent)).toHaveAttribute('aria-expanded', 'true');
  await expect(library.treeHandle(names.a)).toBeVisible();

  // mouse: Gama before Alfa
  await library.mouseDrag(names.c, names.a, 'before');
  await expect.poll(() => categories.childNames(parentId)).toEqual([names.c, names.a, names.b]);
  await expect.poll(() => library.childNames(names.parent)).toEqual([names.c, names.a, names.b]);

  // finger: Gama after Beta
  await library.touchDrag(names.c, names.b, 'after');
  await expect.poll(() => categories.childNames(parentId)).toEqual([names.a, names.b, names.c]);
  await expect.poll(() => library.childNames(names.parent)).toEqual([names.a, names.b, names.c]);

  // finger: Alfa inside Beta, which opens to show it
  await library.touchDrag(names.a, names.b, 'inside');
  await expect.poll(() => categories.childNames(parentId)).toEqual([names.b, names.c]);
  expect(await categories.childNames(await categories.childId(parentId, names.b))).toEqual([names.a]);
  await expect(library.treeItem(names.b)).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => library.childNames(names.b)).toEqual([names.a]);

  // mouse: Gama before Beta, first again
  await library.mouseDrag(names.c, names.b, 'before');
  await expect.poll(() => categories.childNames(parentId)).toEqual([names.c, names.b]);
  // the tree has drawn the move (focus follows a moved item then) before the keyboard takes over
  await expect.poll(() => library.childNames(names.parent)).toEqual([names.c, names.b]);

  // keyboard: Alt+← takes Alfa out of Beta, right after it; Alt+↑ then moves it before Beta
  await library.treeItem(names.a).focus();
  await expect(library.treeItem(names.a)).toBeFocused();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect.poll(() => categories.childNames(parentId)).toEqual([names.c, names.b, names.a]);
  // as above: the tree redraws the move (and puts the focus back on Alfa) before the next key
  await expect.poll(() => library.childNames(names.parent)).toEqual([names.c, names.b, names.a]);
  await expect(library.treeItem(names.a)).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => categories.childNames(parentId)).toEqual([names.c, names.a, names.b]);
  await expect.poll(() => library.childNames(names.parent)).toEqual([names.c, names.a, names.b]);
  await expect(library.treeItem(names.a)).toBeFocused();
});

test('a villager, signed in or not, gets no drag handle in the tree and moves no category with the keyboard', async ({ browser }) => {
  const kit = await KitApi.open();
  try {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: 'es-PE' });
      try {
        if (signedIn) await signedInUser(kit, context, 'arbol');
        const page = await context.newPage();
        const library = new LibraryPage(page);
        await library.goto('biblioteca', `?c=${parentId}`);
        await library.openDrawer();
        await expect(library.treeItem(names.b)).toBeVisible();
        await expect(library.treeHandles()).toHaveCount(0);
        const before = await categories.childNames(parentId);
        await library.treeItem(before[1] ?? '').focus();
        await page.keyboard.press('Alt+ArrowUp');
        expect(await categories.childNames(parentId)).toEqual(before);
        expect(await library.childNames(names.parent)).toEqual(before);
      } finally {
        await context.close();
      }
    }
  } finally {
    await kit.close();
  }
});
