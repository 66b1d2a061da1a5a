import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { LoginPage } from './pages/login.page.ts';
import { UploadPage } from './pages/upload.page.ts';

/*
 * Settings of /admin/data that change the whole kit, on a kit of their own
 * (other specs share the main server at the same time): each user's storage
 * quota, shown and enforced on /upload, restricted mode, which the server
 * enforces while the app still shows its login and the menu, and the
 * downloads rule, which /uapps explains.
 */

const test = base.extend<object, { kit: RunningServer }>({
  kit: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function uses from its first parameter's pattern
    async ({}, use) => {
      const server = await startServer({ KIT_SEED_DEMO: 'true' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ kit }, use) => use(kit.baseUrl),
});

// Each journey is an admin and a phone of their own on a kit of their own, on a shared 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const BANNER = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'demo', 'media', 'img-llamas-puna.jpg'));

interface Villager {
  id: number;
  userName: string;
  password: string;
  token: string;
}
let villager: Villager;

/** A villager registered through the API, profile complete, who has seen the onboarding. */
async function register(kit: RunningServer): Promise<Villager> {
  const http = await playwrightRequest.newContext({ baseURL: kit.baseUrl });
  try {
    const userName = `vecina_${randomBytes(4).toString('hex')}`;
    const password = `clave-${randomBytes(4).toString('hex')}`;
    const created = await http.post('/api/user/create', { data: { user_name: userName, name: 'Rosa', last_name: 'Quispe', password } });
    expect(created.status(), await created.text()).toBe(201);
    const { token, user } = (await created.json()) as { token: string; user: { id: number } };
    const details = await http.post('/api/v3/personalDetails', {
      headers: { Authorization: `Bearer ${token}` },
      data: { gender: 0, born_date: '1990-05-01', code_phone: null, phone_number: null },
    });
    expect(details.ok(), await details.text()).toBe(true);
    return { id: user.id, userName, password, token };
  } finally {
    await http.dispose();
  }
}

/** A phone of its own: a fresh browser context (signed in as the villager when asked). */
async function phone(browser: Browser, kit: RunningServer, signedIn: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: kit.baseUrl, viewport: { width: 360, height: 740 }, locale: 'es-PE', isMobile: true, hasTouch: true });
  await context.addCookies([{ name: `kp_onboarding_${villager.id}`, value: '1', url: kit.baseUrl }]);
  if (signedIn) await context.addCookies([{ name: 'kp_token', value: villager.token, url: kit.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page: await context.newPage() };
}

async function saveSetting(page: Page, change: (page: Page) => Promise<void>): Promise<void> {
  await page.goto('/admin/data');
  await expect(page.getByRole('heading', { level: 1, name: 'Datos y ajustes' })).toBeVisible();
  await change(page);
  await page.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(page.getByText('Ajustes guardados')).toBeVisible();
}

test.beforeAll(async ({ kit }) => {
  villager = await register(kit);
});

test('the admin sets each user’s space; /upload shows it, and a file that does not fit is refused before it is sent', async ({ page, context, browser, kit }) => {
  await logInAsAdmin(page, context, kit);
  await saveSetting(page, async (p) => {
    const field = p.getByLabel('Espacio de cada usuario para sus archivos (MB)');
    await expect(field).toHaveValue('2048');
    await field.fill('1');
  });

  const { context: phoneContext, page: phonePage } = await phone(browser, kit, true);
  try {
    const upload = new UploadPage(phonePage);
    await upload.open();
    const quota = phonePage.getByTestId('upload-quota');
    await expect(quota).toContainText('Usas 0 B de 1.0 MB.');
    await expect(quota.getByRole('meter', { name: 'Tu espacio en el kit' })).toBeVisible();

    let patches = 0;
    await phonePage.route('**/api/uploads/*', (route) => {
      if (route.request().method() === 'PATCH') patches += 1;
      return route.continue();
    });
    // a "video" of 1.5 MB: its first bytes say MP4; none of it may travel
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0]), randomBytes(1_500_000)]);
    await upload.file.setInputFiles({ name: 'fiesta.mp4', mimeType: 'video/mp4', buffer: video });
    await upload.title.fill('Fiesta patronal');
    await upload.author.fill('Comunidad del kit');
    await upload.source.fill('Grabación propia');
    await upload.license.selectOption('Obra propia publicada bajo CC BY 4.0');
    await upload.category.selectOption({ index: 1 });
    await upload.rights.check();
    await upload.send.click();
    await expect(phonePage.getByText(/^El archivo \(1,4 MB\) no cabe en tu espacio del kit: usas 0 MB de 1 MB\./)).toBeVisible();
    expect(patches).toBe(0);
  } finally {
    await phoneContext.close();
  }
});

test('with restricted mode on, a stranger’s phone shows the login and the menu, and the server answers the library only after login', async ({ page, context, browser, kit }) => {
  const token = await logInAsAdmin(page, context, kit);
  const admin: APIRequestContext = await playwrightRequest.newContext({ baseURL: kit.baseUrl, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  try {
    const banner = await admin.post('/api/v2/admin/banners/menuTop', { multipart: { file: { name: 'llamas.jpg', mimeType: 'image/jpeg', buffer: BANNER } } });
    expect(banner.status(), await banner.text()).toBe(201);
  } finally {
    await admin.dispose();
  }
  await saveSetting(page, (p) => p.getByLabel('Modo restringido (iniciar sesión para todo salvo el menú)').check());

  const { context: strangerContext, page: stranger } = await phone(browser, kit, false);
  try {
    await stranger.goto('/biblioteca');
    await expect(stranger).toHaveURL(/\/login\?cb=%2Fbiblioteca$/);
    const login = new LoginPage(stranger);
    await expect(login.heading).toBeVisible();
    // the app's redirect is not all: the server itself refuses the library to this phone
    const statuses = await stranger.evaluate(async () =>
      Promise.all(['/api/v3/searchResource?section=all', '/api/v2/apps', '/api/content/types', '/api/users/1'].map(async (url) => (await fetch(url)).status)),
    );
    expect(statuses).toEqual([401, 401, 401, 401]);

    await stranger.goto('/menu');
    await expect(stranger).toHaveURL(/\/menu$/);
    await expect(stranger.getByRole('list', { name: 'Herramientas del portal' })).toBeVisible();
    const top = stranger.getByTestId('menu-banner-top');
    await expect(top).toBeVisible();
    await expect.poll(() => top.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await login.goto('?cb=%2Fbiblioteca');
    await login.logIn(villager.userName, villager.password);
    await expect(stranger).toHaveURL(/\/biblioteca$/);
    await expect(stranger.locator('.resource-card').first()).toBeVisible();
  } finally {
    await strangerContext.close();
  }
});

test('with downloads turned off, /uapps tells a villager so instead of saying the app has no file', async ({ page, context, browser, kit }) => {
  await logInAsAdmin(page, context, kit);
  await saveSetting(page, (p) => p.getByLabel('No permitir descargas a usuarios').check());

  const { context: phoneContext, page: phonePage } = await phone(browser, kit, true);
  try {
    await phonePage.goto('/uapps');
    const card = phonePage.locator('.app-card').filter({ hasText: 'Calculadora de semillas' });
    await expect(card).toContainText('Las descargas están desactivadas en este kit');
    await expect(card).not.toContainText('aún no tiene archivo');
    await expect(card.getByRole('link', { name: /^Descargar/ })).toHaveCount(0);
  } finally {
    await phoneContext.close();
  }
});
