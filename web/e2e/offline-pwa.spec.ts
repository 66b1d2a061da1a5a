import { expect, test, type Page, type Response } from '@playwright/test';
import { demoResourceTitled } from './helpers/demo-resource.ts';
import { LibraryPage } from './pages/library.page.ts';
import { OfflinePage } from './pages/offline.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';
import { ResourcePage } from './pages/resource.page.ts';

/*
 * The offline app (docs/PRODUCT.md#offline) on a secure origin (127.0.0.1 counts as one):
 * a phone reads the library, saves a video and a PDF, loses the network, and
 * keeps using what it saved. Real service worker, real Cache Storage and
 * IndexedDB, the real server's demo media.
 */

const VIDEO = 'Alfabetización digital: el celular';

/** How many list pages the phone has stored (the loaders store them in the background, after rendering). */
function storedPages(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('kit-portal');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const store = open.result;
          if (!store.objectStoreNames.contains('searchPages')) {
            store.close();
            resolve(0);
            return;
          }
          const count = store.transaction('searchPages').objectStore('searchPages').count();
          count.onsuccess = () => {
            store.close();
            resolve(count.result);
          };
        };
      }),
  );
}
const PDF = 'Guía de lavado de manos';

test.describe('offline app (service worker)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('menu and library reopen offline; a saved video seeks; a saved PDF opens; search finds saved items unaccented', async ({ page, context }) => {
    const video = await demoResourceTitled(page.request, VIDEO);
    const pdf = await demoResourceTitled(page.request, PDF);
    const menu = new PortalMenuPage(page);
    const library = new LibraryPage(page);
    const resource = new ResourcePage(page);
    const offline = new OfflinePage(page);

    await menu.goto();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Online: the library, the PDF (read once, so pdf.js is fetched) and the video, each saved.
    await page.goto('/biblioteca');
    await expect(library.cards().first()).toBeVisible();
    await expect.poll(() => storedPages(page)).toBeGreaterThan(0);
    await resource.goto(pdf.id);
    await expect(resource.pdfCanvas).toBeVisible();
    await offline.save.click();
    await expect(offline.saved).toBeVisible();
    await resource.goto(video.id);
    await offline.save.click();
    await expect(offline.saved).toBeVisible();
    await page.goto('/extra/saved');
    await expect(page.getByTestId('saved-item')).toHaveCount(2);
    await expect(page.getByTestId('saved-item').filter({ hasText: VIDEO })).toContainText('Tamaño');

    await context.setOffline(true);

    // The menu and the library from the phone alone.
    await page.goto('/menu');
    await expect(menu.toolLink('Biblioteca')).toBeVisible();
    await page.reload();
    await expect(menu.toolLink('Biblioteca')).toBeVisible();
    await page.goto('/biblioteca');
    await expect(library.cards().first()).toBeVisible();
    await expect(offline.banner).toBeVisible();
    await expect(offline.note).toBeVisible();

    // Search over the saved catalogue, without the accent.
    await page.goto('/search?q=alfabetizacion');
    await expect(offline.note).toHaveText('Sin conexión: se busca solo entre lo guardado en este teléfono.');
    await expect(page.getByRole('main').getByRole('link', { name: VIDEO }).first()).toBeVisible();

    // The saved video plays and seeks: the service worker answers its ranges with 206.
    const fromWorker: Response[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(video.mediaUrl ?? '-') && response.status() === 206 && response.fromServiceWorker()) {
        fromWorker.push(response);
      }
    });
    await resource.goto(video.id);
    await expect(resource.title).toHaveText(VIDEO);
    await expect.poll(() => resource.video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const after = await resource.seekVideoToMiddle();
    expect(after.duration).toBeGreaterThan(1);
    expect(Math.abs(after.time - after.duration / 2)).toBeLessThan(1);
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(fromWorker[0]?.headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);

    // The saved PDF opens: pdf.js and the file both come from the phone.
    await resource.goto(pdf.id);
    await expect(resource.pdfCanvas).toBeVisible();
    await expect(resource.pdfText).toContainText(/lavado/i);

    await context.setOffline(false);
  });
});
