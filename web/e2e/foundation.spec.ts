import { expect, test, type Page } from '@playwright/test';
import { NotFoundPage } from './pages/not-found.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';

test.use({ viewport: { width: 360, height: 740 } });

async function visitCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'kp_visited');
}

test.describe('index and menu', () => {
  test('a first visit to / sets the visit cookie and ends on /menu', async ({ page }) => {
    expect(await visitCookie(page)).toBeUndefined();
    await page.goto('/');
    const menu = new PortalMenuPage(page);
    await expect(page).toHaveURL(/\/menu$/);
    await expect(menu.heading).toBeVisible();
    const cookie = await visitCookie(page);
    expect(cookie?.value).toBe('1');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
  });

  test('/home goes through / (which sets the visit cookie) to /menu', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/menu$/);
    await expect(new PortalMenuPage(page).heading).toBeVisible();
    expect((await visitCookie(page))?.value).toBe('1');
  });

  test('the menu links tools that have a target and marks the others "Próximamente"', async ({ page, request }) => {
    const menu = new PortalMenuPage(page);
    await menu.goto();
    const services = (await (await request.get('/api/v3/fastAccessServices')).json()) as {
      availableServices: { title: string; services: { id: string; href: string | null; disabled: boolean }[] };
    };
    await expect(menu.heading).toHaveText(services.availableServices.title);

    const tools = services.availableServices.services;
    const linked = tools.find((s) => s.href !== null && !s.disabled);
    const pending = tools.find((s) => s.href === null && !s.disabled);
    if (!linked || !pending) throw new Error('the demo menu should have a tool with a target and one without');

    await expect(menu.tile(linked.id)).toHaveAttribute('href', linked.href ?? '');
    await expect(menu.tile(pending.id)).toContainText('Próximamente');
    await expect(menu.tile(pending.id)).not.toHaveAttribute('href');
    await expect(menu.tools.getByRole('link')).toHaveCount(tools.filter((s) => s.href !== null && !s.disabled).length);
  });
});

test.describe('unknown routes', () => {
  test('/esto-no-existe shows the 404 text', async ({ page }) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto('/esto-no-existe');
    await expect(notFound.message).toBeVisible();
    await notFound.backToMenu.click();
    await expect(page).toHaveURL(/\/menu$/);
  });

  test('GET /api/nope answers 404 with the error object', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({ httpCode: 404, code: 'ROUTE_NOT_FOUND' });
    expect(Object.keys(body.error).sort()).toEqual(['code', 'data', 'httpCode', 'message', 'type']);
  });
});
