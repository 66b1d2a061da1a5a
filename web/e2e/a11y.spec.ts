import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers/axe.ts';
import { KitApi, signedInUser } from './helpers/kit-api.ts';

/*
 * axe-core on the main pages a villager opens, against the real server with
 * the demo library: no serious or critical accessibility violation.
 */

async function firstResourceId(request: import('@playwright/test').APIRequestContext): Promise<number> {
  const body = (await (await request.get('/api/content/all?per_page=1')).json()) as { data: { id: number }[] };
  const id = body.data[0]?.id;
  if (id === undefined) throw new Error('the demo library has no published resource');
  return id;
}

const PAGES: { name: string; path: (id: number) => string }[] = [
  { name: 'menu', path: () => '/menu' },
  { name: 'biblioteca', path: () => '/biblioteca' },
  { name: 'recurso', path: (id) => `/resource/${id}` },
  { name: 'búsqueda', path: () => '/search?q=agua' },
  { name: 'login', path: () => '/login' },
  { name: 'registro', path: () => '/register' },
  { name: 'descarga de la aplicación', path: () => '/extra/download' },
];

for (const p of PAGES) {
  test(`a11y: ${p.name} has no serious or critical violations`, async ({ page, request }) => {
    const id = await firstResourceId(request);
    await page.goto(p.path(id));
    await page.waitForLoadState('networkidle');
    await page.locator('main, [role="main"], h1').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

// The library header changes with the screen and the session: its navigation sits on the teal bar
// from the lg breakpoint, and a signed-in user's account button shows their name there.
test('a11y: the library header of a signed-in user on a desktop has no serious or critical violations', async ({ browser }) => {
  const kit = await KitApi.open();
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: process.env.E2E_BASE_URL, locale: 'es-PE' });
  try {
    await signedInUser(kit, context, 'cabecera');
    const page = await context.newPage();
    await page.goto('/biblioteca');
    await page.getByRole('button', { name: /^Menú de la cuenta/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
    await kit.close();
  }
});
