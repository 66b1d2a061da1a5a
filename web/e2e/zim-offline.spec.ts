import { devices, expect, test } from '@playwright/test';
import { articlePage, publishLibrary } from './helpers/library-zim.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { OfflinePage } from './pages/offline.page.ts';
import { ReaderPage } from './pages/reader.page.ts';

/*
 * «Guardar para leer sin conexión» (docs/PRODUCT.md#secure-context) with a
 * kit of its own, since the journey stops it: a real ZIM made by zimwriterfs
 * is published; a phone-sized page saves one article from the reader; the kit
 * process is stopped; the reader's address, and «Mis descargas», then show
 * the article's text, styles and picture from the phone alone.
 */

const LIBRARY = 'Biblioteca de prueba';
const TEXT = 'La ceiba es un árbol sagrado de la selva.';

const PAGES = [
  { file: 'index.html', content: articlePage('Portada', '<p id="texto">Plantas del valle</p><a id="a-ceiba" href="ceiba.html">Ceiba</a>') },
  { file: 'ceiba.html', content: articlePage('Ceiba', `<h1>Ceiba</h1><p id="texto">${TEXT}</p><img id="foto" src="icono.png" alt="Una ceiba"><script src="app.js"></script>`) },
  { file: 'estilo.css', content: 'p { color: rgb(0, 128, 0); }' },
  { file: 'app.js', content: 'document.body.dataset.script = "corrió";' },
];

test.describe.configure({ timeout: 120_000 });

let kit: RunningServer | undefined;
test.afterAll(async () => {
  await kit?.stop();
});

test('an article saved on a phone opens with the kit stopped: its text, styles and picture show, its script does not run', async ({ browser }) => {
  // The demo library brings the category the library is filed under.
  kit = await startServer({ KIT_SEED_DEMO: 'true' });
  const id = await publishLibrary(PAGES, kit);
  const { defaultBrowserType: _type, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({ ...phone, viewport: { width: 360, height: 740 }, baseURL: kit.baseUrl, locale: 'es-PE' });
  const tab = await context.newPage();
  const offline = new OfflinePage(tab);
  const reader = new ReaderPage(tab);

  // The service worker takes control first: it is what opens the reader with the kit gone.
  await tab.goto('/menu');
  await tab.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => tab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  for (const [path, text] of [['index.html', 'Plantas del valle'], ['ceiba.html', TEXT]]) {
    await reader.goto(id, path);
    await expect(reader.article.locator('#texto')).toHaveText(text ?? '');
    await offline.saveArticle.click();
    await expect(offline.articleSaved).toBeVisible();
  }
  await tab.goto('/extra/saved');
  const listed = tab.getByTestId('saved-item').filter({ hasText: 'Ceiba' });
  await expect(tab.getByTestId('saved-item')).toHaveCount(2);
  await expect(listed).toContainText(`Artículo de ${LIBRARY}`);

  await kit.stop();

  // The reader's address, with the kit out of reach.
  await reader.goto(id, 'ceiba.html');
  await expect(offline.note).toHaveText('Sin conexión: lees la copia guardada en este teléfono.');
  await expect(offline.savedArticle).toHaveAttribute('sandbox', 'allow-top-navigation-by-user-activation');
  const article = offline.savedArticleFrame;
  await expect(article.locator('#texto')).toHaveText(TEXT);
  // Its styles too: the library's stylesheet, inlined into the copy.
  await expect(article.locator('#texto')).toHaveCSS('color', 'rgb(0, 128, 0)');
  await expect.poll(() => article.locator('#foto').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(48);
  expect(await article.locator('body').getAttribute('data-script')).toBeNull();

  // From «Mis descargas», and from one saved article to another by its link.
  await tab.goto('/extra/saved');
  await tab.getByRole('link', { name: 'Portada' }).click();
  await expect(offline.savedArticleFrame.locator('#texto')).toHaveText('Plantas del valle');
  await offline.savedArticleFrame.locator('#a-ceiba').click();
  await expect(tab).toHaveURL(new RegExp(`/resource/${id}/read/ceiba\\.html$`));
  await expect(offline.savedArticleFrame.locator('#texto')).toHaveText(TEXT);
  await context.close();
});
