import { expect, test } from '@playwright/test';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { KitApi, signedInUser } from './helpers/kit-api.ts';
import { articlePage, publishLibrary } from './helpers/library-zim.ts';
import { OutsideLinkNotice, ReaderPage } from './pages/reader.page.ts';
import { ResourcePage } from './pages/resource.page.ts';
import { startServer } from './helpers/server.ts';

/*
 * An offline library read on a phone (docs/API-contributions.md#bibliotecas-zim):
 * the article is someone else's HTML, framed under the sandbox, so its
 * scripts get none of the portal's powers; its links behave as a reader
 * expects, and the address bar follows the article shown.
 */

/** What the article's own script tries as soon as it runs; it writes what it got into #probe. */
const PROBE = `<script>
(async () => {
  const got = {};
  const attempt = async (name, work) => { try { got[name] = await work(); } catch (error) { got[name] = 'blocked: ' + (error && error.name); } };
  await attempt('cookie', () => document.cookie);
  await attempt('localStorage', () => { localStorage.setItem('zim-probe', '1'); return 'wrote ' + localStorage.length; });
  await attempt('indexedDB', () => new Promise((resolve, reject) => {
    const open = indexedDB.open('zim-probe');
    open.onsuccess = () => resolve('opened');
    open.onerror = () => reject(open.error);
  }));
  await attempt('serviceWorker', async () => navigator.serviceWorker ? 'registrations: ' + (await navigator.serviceWorker.getRegistrations()).length : 'absent');
  await attempt('fetch', async () => { const r = await fetch('/api/v2/session', { credentials: 'include' }); return r.status + ' ' + (await r.text()); });
  document.getElementById('probe').textContent = JSON.stringify(got);
})();
</script>`;

let libraryId: number;

test.beforeAll(async () => {
  libraryId = await publishLibrary([
    { file: 'index.html', content: articlePage('Portada', `<h1>Bienvenida</h1><p id="probe">sin probar</p><a href="%C3%A1rbol.html">Árbol</a> <a href="https://es.wikipedia.org/wiki/Ceiba">La ceiba en Wikipedia</a>${PROBE}`) },
    { file: 'árbol.html', content: articlePage('Árbol de la vida', '<h1>Árbol de la vida</h1><p>La ceiba es sagrada.</p>') },
    { file: 'estilo.css', content: 'h1 { color: rgb(0, 128, 0); }' },
  ]);
});

test.use({ viewport: { width: 360, height: 740 } });

test('an article\'s script reaches none of the portal\'s powers, though a villager is logged in', async ({ page, context }) => {
  const kit = await KitApi.open();
  await signedInUser(kit, context, 'lectora');
  await kit.close();
  // The portal's own storage, as the villager's phone holds it before the article runs.
  await page.goto('/menu');
  await page.evaluate(() => localStorage.setItem('portal-own', 'sí'));
  const cookiesBefore = await context.cookies();

  const sentFromFrame: Record<string, string>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v2/session' && request.frame() !== page.mainFrame()) void request.allHeaders().then((headers) => sentFromFrame.push(headers));
  });
  const reader = new ReaderPage(page);
  await reader.goto(libraryId);
  const probe = reader.article.locator('#probe');
  await expect(probe).not.toHaveText('sin probar');
  const got = JSON.parse((await probe.textContent()) ?? '{}') as Record<string, string>;
  expect(got.cookie).toBe('blocked: SecurityError');
  expect(got.localStorage).toBe('blocked: SecurityError');
  expect(got.indexedDB).toBe('blocked: SecurityError');
  expect(got.serviceWorker).toMatch(/^(blocked: SecurityError|absent)$/);
  // An opaque origin's request is cross-site: the session cookie (SameSite=Lax) stays home and the answer is unreadable.
  expect(got.fetch).toBe('blocked: TypeError');
  expect(sentFromFrame.length).toBeGreaterThan(0);
  for (const headers of sentFromFrame) expect(headers.cookie ?? '').not.toContain('kp_token');

  // The portal's side is as it was: its storage, its databases, its cookies.
  expect(await page.evaluate(() => [localStorage.getItem('portal-own'), localStorage.getItem('zim-probe')])).toEqual(['sí', null]);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain('zim-probe');
  expect(await context.cookies()).toEqual(cookiesBefore);
});

test('a phone of 360 px reads the library: from the resource page, through an inside link and back, to an outside link\'s notice', async ({ page }) => {
  const resource = new ResourcePage(page);
  await resource.goto(libraryId);
  await page.getByTestId('open-library').click();

  const reader = new ReaderPage(page);
  await expect(reader.title).toHaveText('Biblioteca de prueba');
  await expect(page).toHaveTitle('Biblioteca de prueba · Kit Portal');
  await expect(reader.article.getByRole('heading', { name: 'Bienvenida' })).toBeVisible();
  // The article's own stylesheet loads from the kit under the article's policy.
  await expect(reader.article.getByRole('heading', { name: 'Bienvenida' })).toHaveCSS('color', 'rgb(0, 128, 0)');
  await expect(page).toHaveURL(`/resource/${libraryId}/read/index.html`);
  // The bar and the frame fit the phone's width, and the frame fills the height below the bar.
  const frameBox = await reader.frameElement.boundingBox();
  expect(frameBox?.width).toBe(360);
  expect((frameBox?.y ?? 0) + (frameBox?.height ?? 0)).toBeCloseTo(740, 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await reader.article.getByRole('link', { name: 'Árbol' }).click();
  await expect(reader.article.getByRole('heading', { name: 'Árbol de la vida' })).toBeVisible();
  await expect(page).toHaveURL(`/resource/${libraryId}/read/%C3%A1rbol.html`);
  await page.goBack();
  await expect(reader.article.getByRole('heading', { name: 'Bienvenida' })).toBeVisible();
  await expect(page).toHaveURL(`/resource/${libraryId}/read/index.html`);

  await reader.article.getByRole('link', { name: 'La ceiba en Wikipedia' }).click();
  const notice = new OutsideLinkNotice(page);
  await expect(notice.heading).toHaveText('Este enlace sale del kit');
  await expect(notice.address).toHaveText('https://es.wikipedia.org/wiki/Ceiba');
  await expect(page).toHaveURL(new RegExp(`/resource/${libraryId}/read-outside\\?to=`));
  await notice.back.click();
  await expect(reader.article.getByRole('heading', { name: 'Bienvenida' })).toBeVisible();
  await expect(page).toHaveURL(`/resource/${libraryId}/read/index.html`);
});

test('in restricted mode a signed-in reader sees the article\'s picture and styles, which its sandbox asks for without the session', async ({ browser }) => {
  test.setTimeout(120_000);
  // A kit of its own: restricted mode would shut every other journey out. The demo library brings the category.
  const kit = await startServer({ KIT_SEED_DEMO: 'true' });
  try {
    const id = await publishLibrary(
      [
        { file: 'index.html', content: articlePage('Portada', '<h1>Plantas del valle</h1><img id="foto" src="icono.png" alt="Una planta">') },
        { file: 'estilo.css', content: 'h1 { color: rgb(0, 128, 0); }' },
      ],
      kit,
    );
    const context = await browser.newContext({ baseURL: kit.baseUrl, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const token = await logInAsAdmin(page, context, kit);
    const restricted = await context.request.put('/api/v2/admin/settings', { data: { restrictedMode: true }, headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'kit-portal' } });
    expect(restricted.ok(), await restricted.text()).toBe(true);
    // A stranger gets nothing of the library.
    expect((await (await browser.newContext({ baseURL: kit.baseUrl })).request.get(`/zim/${id}/icono.png`)).status()).toBe(401);

    const reader = new ReaderPage(page);
    await reader.goto(id);
    await expect(reader.article.locator('h1')).toHaveText('Plantas del valle');
    await expect(reader.article.locator('h1')).toHaveCSS('color', 'rgb(0, 128, 0)');
    await expect.poll(() => reader.article.locator('#foto').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(48);
    // The address bar names the article, not the grant its frame reads under.
    await expect(page).toHaveURL(new RegExp(`/resource/${id}/read/index\\.html$`));
    await context.close();
  } finally {
    await kit.stop();
  }
});
