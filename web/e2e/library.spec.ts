import { expect, test, type Page, type Response } from '@playwright/test';
import { LibraryPage } from './pages/library.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';
import { ResourcePage } from './pages/resource.page.ts';
import { SearchPage } from './pages/search.page.ts';

/*
 * The library on a phone (Pixel 7 from the config; 360px where it says so),
 * against the real server with the demo library: 42 resources, real media.
 */

interface Summary {
  id: number;
  title: string;
  type: number;
  mime: string | null;
  mediaUrl: string | null;
}

/** A published demo resource, found through the API rather than by a fixed id. */
async function demoResource(page: Page, match: (r: Summary) => boolean): Promise<Summary> {
  const body = (await (await page.request.get('/api/content/all?per_page=60')).json()) as { data: Summary[] };
  const found = body.data.find(match);
  if (!found) throw new Error('the demo library lacks a resource the test needs');
  return found;
}

test.describe('browsing', () => {
  test('menu → library → category → resource', async ({ page }) => {
    const menu = new PortalMenuPage(page);
    await menu.goto();
    await menu.toolLink('Biblioteca').click();
    await expect(page).toHaveURL(/\/biblioteca$/);

    const library = new LibraryPage(page);
    await expect(library.title).toHaveText('Biblioteca');
    await expect(library.cards().first()).toBeVisible();

    // The tree lives in a drawer on a phone; a category opens with its resources and subcategories.
    await library.openDrawer();
    await library.treeRow('Salud').click();
    await expect(page).toHaveURL(/\/biblioteca\?c=\d+$/);
    await expect(library.title).toHaveText('Salud');
    await expect(library.drawerButton).toHaveAttribute('aria-expanded', 'false');

    await library.openDrawer();
    await expect(library.treeItem('Salud')).toHaveAttribute('aria-expanded', 'true');
    await expect(library.treeItem('Salud')).toHaveAttribute('aria-selected', 'true');
    await library.treeRow('Higiene').click();
    await expect(library.title).toHaveText('Higiene');
    await expect(page.getByRole('navigation', { name: 'Ruta de la categoría' })).toContainText('Salud');

    await library.card('Guía de lavado de manos').click();
    const resource = new ResourcePage(page);
    await expect(page).toHaveURL(/\/resource\/\d+$/);
    await expect(resource.title).toHaveText('Guía de lavado de manos');
    await expect(resource.detail('Categoría')).toContainText('Higiene');
    await expect(resource.detail('Fecha')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  test('the category tree works from the keyboard and is 273px wide less 22px per level', async ({ page }) => {
    const library = new LibraryPage(page);
    await library.goto();
    await library.openDrawer();
    await library.treeItem('Educación').focus();
    await page.keyboard.press('ArrowDown');
    await expect(library.treeItem('Salud')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(library.treeItem('Salud')).toHaveAttribute('aria-expanded', 'true');
    await expect(library.treeItem('Higiene')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(library.treeItem('Primeros auxilios')).toBeFocused();

    expect((await library.treeRow('Salud').boundingBox())?.width).toBe(273);
    expect((await library.treeRow('Primeros auxilios').boundingBox())?.width).toBe(251);

    await page.keyboard.press('ArrowLeft');
    await expect(library.treeItem('Salud')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(library.treeItem('Salud')).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(library.title).toHaveText('Salud');
  });

  test('the type filter shows only resources of the chosen type', async ({ page }) => {
    const library = new LibraryPage(page);
    await library.goto();
    await library.typeFilter.getByRole('link', { name: 'Video' }).click();
    await expect(page).toHaveURL(/[?&]type=3\b/);
    await expect(library.typeFilter.getByRole('link', { name: 'Video' })).toHaveAttribute('aria-current', 'true');
    await expect(library.cards().first()).toBeVisible();
    const badges = await library.cards().locator('.type-badge').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set(['Video']));
  });
});

test.describe('phone layout at 360px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the library fits a 360px screen: 60px header, bottom navigation, no sideways scroll', async ({ page }) => {
    const library = new LibraryPage(page);
    await library.goto();
    await expect(library.cards().first()).toBeVisible();
    expect((await library.header.boundingBox())?.height).toBe(60);
    await expect(library.searchBox).toBeVisible();
    await expect(library.navigation.getByRole('link', { name: 'Inicio' })).toBeInViewport();
    await expect(library.random).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('resource pages', () => {
  test('a video seeks: the server answers the range request with 206', async ({ page }) => {
    const video = await demoResource(page, (r) => r.type === 3 && r.mime === 'video/mp4');
    const partial: Response[] = [];
    const pdfjs: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(video.mediaUrl ?? '-') && response.status() === 206) partial.push(response);
      if (/\/assets\/pdf\.[^/]*\.mjs$/.test(response.url())) pdfjs.push(response.url());
    });
    const resource = new ResourcePage(page);
    await resource.goto(video.id);
    await expect(resource.video).toHaveAttribute('preload', 'metadata');
    await expect.poll(() => resource.video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);

    const after = await resource.seekVideoToMiddle();
    expect(after.duration).toBeGreaterThan(1);
    expect(after.time).toBeGreaterThan(0.5);
    expect(Math.abs(after.time - after.duration / 2)).toBeLessThan(1);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial[0]?.headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
    // pdf.js is loaded by document pages only.
    expect(pdfjs).toEqual([]);
  });

  test('a PDF renders page by page with pdf.js (canvas drawn, Spanish text selectable)', async ({ page }) => {
    const doc = await demoResource(page, (r) => r.title === 'Primeros auxilios en la comunidad');
    const pdfjs: string[] = [];
    page.on('response', (response) => {
      if (/\/assets\/pdf\.[^/]*\.mjs$/.test(response.url()) && response.ok()) pdfjs.push(new URL(response.url()).pathname);
    });
    const resource = new ResourcePage(page);
    await resource.goto(doc.id);
    await expect(resource.pdfPage).toHaveAttribute('data-rendered', '1');
    await expect(resource.pdfText).toContainText('jabón');
    await expect(page.getByRole('main')).toContainText('Página 1 de 2');
    // pdf.js and its worker come from our own build.
    expect(pdfjs.some((p) => p.includes('/pdf.worker.'))).toBe(true);
    expect(pdfjs.some((p) => /\/pdf\.min-/.test(p))).toBe(true);

    const inked = await resource.pdfCanvas.evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, Math.floor(canvas.height / 3));
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 200) dark += 1;
      return dark;
    });
    expect(inked).toBeGreaterThan(500);
    const box = await resource.pdfCanvas.boundingBox();
    expect(box?.width).toBeGreaterThan(300);

    await resource.nextPage.click();
    await expect(resource.pdfPage).toHaveAttribute('data-rendered', '2');
    await expect(resource.pdfText).toContainText('termómetro');
    await expect(resource.nextPage).toBeDisabled();

    const widthBefore = box?.width ?? 0;
    await resource.zoomIn.click();
    await expect.poll(async () => (await resource.pdfCanvas.boundingBox())?.width ?? 0).toBeGreaterThan(widthBefore * 1.2);
  });

  test('the details below a PDF stay where they are while its first page is drawn (no layout shift)', async ({ page }) => {
    const doc = await demoResource(page, (r) => r.title === 'Primeros auxilios en la comunidad');
    // Layout shifts from the start of the page's life (not caused by input), summed as the browser reports them.
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.shifted += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const resource = new ResourcePage(page);
    await resource.goto(doc.id);
    await expect(resource.pdfPage).toHaveAttribute('data-rendered', '1');
    const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
    // Lighthouse's "good" limit for the whole page's life.
    expect(shifted).toBeLessThan(0.1);
  });

  test('every type has its page: image, audio, app download with size, list items', async ({ page }) => {
    const resource = new ResourcePage(page);

    const image = await demoResource(page, (r) => r.type === 1);
    await resource.goto(image.id);
    await expect(resource.title).toHaveText(image.title);
    await expect.poll(() => resource.image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const audio = await demoResource(page, (r) => r.type === 4);
    await resource.goto(audio.id);
    await expect(resource.audio).toHaveAttribute('src', audio.mediaUrl ?? '');
    await expect.poll(() => resource.audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);

    const app = await demoResource(page, (r) => r.type === 5);
    await resource.goto(app.id);
    await expect(resource.download).toHaveText(/Descargar aplicación \(\d+\.\d (KB|MB)\)/);
    const href = (await resource.download.getAttribute('href')) ?? '';
    expect(href).toMatch(/\?download=1$/);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment;/);

    const list = await demoResource(page, (r) => r.type === 6);
    await resource.goto(list.id);
    await expect(resource.listItems.first()).toBeVisible();
    const first = resource.listItems.first();
    const firstTitle = (await first.locator('.playlist__title').textContent()) ?? '';
    await first.click();
    await expect(resource.title).toHaveText(firstTitle);
  });

  test('an unknown resource shows the 404 page inside the library', async ({ page }) => {
    await page.goto('/resource/999999');
    await expect(
      page.getByRole('heading', { name: 'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible' }),
    ).toBeVisible();
    await expect(new LibraryPage(page).searchBox).toBeVisible();
  });
});

test.describe('search', () => {
  test('finds the same resources with and without accents', async ({ page }) => {
    const library = new LibraryPage(page);
    const search = new SearchPage(page);
    await library.goto();

    await library.search('alfabetizacion');
    await expect(page).toHaveURL(/\/search\?q=alfabetizacion$/);
    await expect(search.resourceTitles.first()).toBeVisible();
    const plain = await search.resourceTitles.allTextContents();
    expect(plain).toContain('Alfabetización digital: primeros pasos');

    await library.search('Alfabetización');
    await expect(page).toHaveURL(/\/search\?q=Alfabetizaci%C3%B3n$/);
    await expect(search.title).toHaveText('Resultados para «Alfabetización»');
    await expect(search.resourceTitles.first()).toBeVisible();
    expect((await search.resourceTitles.allTextContents()).sort()).toEqual([...plain].sort());
  });

  test('Enter with an empty box does not search', async ({ page }) => {
    const library = new LibraryPage(page);
    await library.goto();
    await library.search('   ');
    await expect(page).toHaveURL(/\/biblioteca$/);
  });

  test('the users tab lists users and says so when none match', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto('', 'maria');
    await search.tab('Usuarios').click();
    await expect(page).toHaveURL(/\/search\/users\?q=maria$/);
    await expect(search.users.filter({ hasText: 'maria.quispe' })).toBeVisible();

    await search.goto('/users', 'zzzz');
    await expect(page.getByRole('main')).toContainText('No se encontraron usuarios para «zzzz».');
  });
});

test.describe('the bottom bar', () => {
  test('keeps every entry on one row of a 360 px phone, "Mis descargas" included', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const library = new LibraryPage(page);
    await library.goto();
    const entries = page.getByRole('navigation', { name: 'Biblioteca', exact: true }).getByRole('listitem');
    await expect(entries.last()).toContainText('Mis descargas');
    const tops = await entries.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(tops).toHaveLength(5);
    expect(new Set(tops).size).toBe(1);
  });
});

test.describe('Al Azar', () => {
  test('Back from the random resource returns to the page the villager was on', async ({ page }) => {
    const library = new LibraryPage(page);
    await library.goto();
    await library.openDrawer();
    await library.treeRow('Salud').click();
    await expect(page).toHaveURL(/\/biblioteca\?c=\d+$/);
    const origin = page.url();

    await library.random.click();
    await expect(page).toHaveURL(/\/resource\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(origin);
    await expect(library.title).toHaveText('Salud');
  });

  test('opens a random resource and ignores clicks for 1.5 s after one', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-01T10:00:00-05:00') });
    const library = new LibraryPage(page);
    await library.goto();
    await expect(library.cards().first()).toBeVisible();
    await page.clock.pauseAt(new Date('2026-11-01T10:01:00-05:00'));

    let rolls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/contents/random') rolls += 1;
    });
    const answered = () => page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v2/resource/'));

    let opened = answered();
    await library.random.click();
    await opened;
    await expect(page).toHaveURL(/\/resource\/\d+$/);
    expect(rolls).toBe(1);
    await expect(library.random).toHaveAttribute('data-locked', 'true');
    const firstUrl = page.url();

    // 1.4 s later: still locked, the click does nothing.
    await page.clock.runFor(1400);
    await library.random.click();
    await page.evaluate(() => fetch('/api/health').then((r) => r.status)); // a round trip after the click
    expect(rolls).toBe(1);
    expect(page.url()).toBe(firstUrl);
    await expect(library.random).toHaveAttribute('data-locked', 'true');

    // At 1.5 s the lock is free again.
    await page.clock.runFor(100);
    await expect(library.random).toHaveAttribute('data-locked', 'false');
    opened = answered();
    await library.random.click();
    await opened;
    expect(rolls).toBe(2);
  });
});
