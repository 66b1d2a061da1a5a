import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers/axe.ts';
import { KitApi, signedInUser } from './helpers/kit-api.ts';
import { LoginPage } from './pages/login.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';
import { ProfilePage } from './pages/profile.page.ts';

/*
 * The menu's login tile on a phone: to a visitor it offers the login; to a
 * logged-in villager it says who is logged in and leads to the profile and
 * to logging out, instead of a login that goes nowhere.
 */

test.use({ viewport: { width: 360, height: 740 } });

const here = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

test('a visitor’s login tile leads to the login page', async ({ page }) => {
  const menu = new PortalMenuPage(page);
  await menu.goto();
  await expect(menu.toolLink('Iniciar sesión o registrarse')).toBeVisible();
  await menu.toolLink('Iniciar sesión o registrarse').click();
  await expect(new LoginPage(page).heading).toBeVisible();
});

test('a logged-in villager’s tile names them and leads to the profile and to logging out', async ({ page, context }) => {
  const kit = await KitApi.open();
  try {
    const user = await signedInUser(kit, context, 'lectora');
    const menu = new PortalMenuPage(page);
    await menu.goto();
    const tile = menu.sessionTile();
    await expect(tile).toContainText(user.user_name);
    await expect(tile).toContainText('Sesión iniciada');
    await expect(menu.tools.getByText('Iniciar sesión o registrarse')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await tile.getByRole('link', { name: 'Mi perfil' }).click();
    await expect.poll(() => here(page.url())).toBe(`/user/${user.id}`);
    await expect(new ProfilePage(page).form).toBeVisible();

    await menu.goto();
    await menu.sessionTile().getByRole('link', { name: 'Cerrar sesión' }).click();
    await expect.poll(() => here(page.url())).toBe('/login?cb=/menu');
    await menu.goto();
    await expect(menu.toolLink('Iniciar sesión o registrarse')).toBeVisible();
  } finally {
    await kit.close();
  }
});
