import { expect, test } from '@playwright/test';
import { NotFoundPage } from './pages/not-found.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';

test.describe('service worker (secure context: 127.0.0.1)', () => {
  test('precaches the app so its pages open with the network gone', async ({ page, context }) => {
    await new PortalMenuPage(page).goto();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    const notFound = new NotFoundPage(page);
    await notFound.goto('/esto-no-existe');
    await expect(notFound.message).toBeVisible();

    // The menu read online is kept on the phone: it opens offline too.
    const menu = new PortalMenuPage(page);
    await page.goto('/menu');
    await expect(menu.toolLink('Biblioteca')).toBeVisible();
  });
});
