import { expect, test } from '@playwright/test';
import { KitApi, signedInUser } from './helpers/kit-api.ts';
import { LibraryPage } from './pages/library.page.ts';
import { LoginPage } from './pages/login.page.ts';
import { NotFoundPage } from './pages/not-found.page.ts';
import { UserResourcesPage } from './pages/user-resources.page.ts';

/*
 * The routes with an optional id, opened without it on a phone:
 * /resource is the library's home, /user/resources the visitor's own
 * resources (after logging in when needed). Neither is the 404 page, and
 * neither stays in the phone's history, so "back" does not bounce.
 */

test.use({ viewport: { width: 360, height: 740 } });

const here = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

test('/resource without an id opens the library home in its place', async ({ page }) => {
  await page.goto('/menu');
  await page.goto('/resource');
  const library = new LibraryPage(page);
  await expect(library.cards().first()).toBeVisible();
  expect(here(page.url())).toBe('/biblioteca');
  await expect(new NotFoundPage(page).message).toHaveCount(0);
  // the address typed was replaced: back goes to where the visitor was before
  await page.goBack();
  await expect.poll(() => here(page.url())).toBe('/menu');
});

test('/user/resources asks a visitor to log in, then shows their own resources', async ({ page }) => {
  const kit = await KitApi.open();
  try {
    const user = await kit.createUser('duena', { completeProfile: true });
    await page.context().addCookies([{ name: `kp_onboarding_${user.id}`, value: '1', url: process.env.E2E_BASE_URL ?? '' }]);
    const mine = new UserResourcesPage(page);
    await mine.goto(null);
    await expect.poll(() => here(page.url())).toBe('/login?cb=%2Fuser%2Fresources');

    const login = new LoginPage(page);
    await login.logIn(user.user_name, user.password);
    await expect.poll(() => here(page.url())).toBe(`/user/${user.id}/resources`);
    await expect(mine.title).toHaveText('Mis recursos');
  } finally {
    await kit.close();
  }
});

test('/user/resources takes a logged-in villager straight to their own resources', async ({ page, context }) => {
  const kit = await KitApi.open();
  try {
    const user = await signedInUser(kit, context, 'vecina');
    await page.goto('/menu');
    const mine = new UserResourcesPage(page);
    await mine.goto(null);
    await expect.poll(() => here(page.url())).toBe(`/user/${user.id}/resources`);
    await expect(mine.title).toHaveText('Mis recursos');
    await page.goBack();
    await expect.poll(() => here(page.url())).toBe('/menu');
  } finally {
    await kit.close();
  }
});
