import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devices, expect, request, test, type APIRequestContext } from '@playwright/test';
import { illustrationPng, zimwriterfs } from '../../server/test/zim-tools.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { OfflinePage } from './pages/offline.page.ts';

/*
 * «Guardar para leer sin conexión» (docs/PRODUCT.md#secure-context) with a
 * kit of its own: a real ZIM made by zimwriterfs is brought in through the
 * upload door; a phone-sized page saves one article from the reader; the
 * kit process is stopped; the reader's address, and «Mis descargas», then
 * show the article's text and its picture from the phone alone.
 */

const LIBRARY = 'Plantas del valle';
const TEXT = 'La ceiba es un árbol sagrado de la selva.';

const page = (title: string, head: string, body: string): string =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** A library with a main page and one article that has a stylesheet, a picture and a script. */
async function libraryFile(dir: string): Promise<Buffer> {
  const file = await zimwriterfs(
    dir,
    [
      { file: 'index.html', content: page('Portada', '', '<a href="ceiba.html">Ceiba</a>') },
      {
        file: 'ceiba.html',
        content: page('Ceiba', '<link rel="stylesheet" href="estilo.css">', `<h1>Ceiba</h1><p id="texto">${TEXT}</p><img id="foto" src="ceiba.png" alt="Una ceiba"><script src="app.js"></script>`),
      },
      { file: 'estilo.css', content: 'p { color: rgb(0, 128, 0); }' },
      { file: 'app.js', content: 'document.body.dataset.script = "corrió";' },
      { file: 'ceiba.png', content: illustrationPng() },
    ],
    { welcome: 'index.html', illustration: 'ceiba.png', title: LIBRARY },
  );
  return fs.readFileSync(file);
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: number | string }> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: number | string };
}

/** The library published by the kit's admin: a draft, its ZIM through the resumable upload, submitted. */
async function publishLibrary(kit: RunningServer, zim: Buffer): Promise<number> {
  const anonymous = await request.newContext({ baseURL: kit.baseUrl });
  const { token } = (await (await anonymous.post('/api/auth', { data: { user_name: 'admin', password: kit.adminPassword } })).json()) as { token: string };
  await anonymous.dispose();
  const http = await request.newContext({ baseURL: kit.baseUrl, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  try {
    const category = ((await (await http.post('/api/content/type/create', { data: { name: 'Bibliotecas', content_type_father_id: null } })).json()) as { data: { id: number } }).data.id;
    const draft = await ok(
      await http.post('/api/v2/resources', {
        data: { title: LIBRARY, type: 7, author: '', source: '', license: 'CC BY-SA 4.0', description: '', content_type_id: category, rights_declared: true },
      }),
    );
    const upload = await ok(await http.post('/api/uploads', { data: { resourceId: draft.id, size: zim.length, name: 'plantas.zim' } }));
    await ok(await http.patch(`/api/uploads/${upload.id}`, { data: zim, headers: { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' } }));
    await ok(await http.post(`/api/v2/resources/${draft.id}/submit`));
    return Number(draft.id);
  } finally {
    await http.dispose();
  }
}

test.describe.configure({ timeout: 120_000 });

let dir: string;
let kit: RunningServer | undefined;
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-e2e-zim-offline-'));
});
test.afterAll(async () => {
  await kit?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('an article saved on a phone opens with the kit stopped: its text and its picture show, its script does not run', async ({ browser }) => {
  kit = await startServer();
  const id = await publishLibrary(kit, await libraryFile(dir));
  const { defaultBrowserType: _type, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({ ...phone, viewport: { width: 360, height: 740 }, baseURL: kit.baseUrl, locale: 'es-PE' });
  const tab = await context.newPage();
  const offline = new OfflinePage(tab);
  const reader = `/resource/${id}/read/ceiba.html`;

  // The service worker takes control first: it is what opens the reader with the kit gone.
  await tab.goto('/menu');
  await tab.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => tab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await tab.goto(reader);
  await expect(tab.frameLocator('[data-testid="reader-frame"]').locator('#texto')).toHaveText(TEXT);
  await offline.saveArticle.click();
  await expect(offline.articleSaved).toBeVisible();
  await tab.goto('/extra/saved');
  const listed = tab.getByTestId('saved-item');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Ceiba');
  await expect(listed).toContainText(`Artículo de ${LIBRARY}`);

  await kit.stop();

  // The reader's address, with the kit out of reach.
  await tab.goto(reader);
  await expect(offline.note).toHaveText('Sin conexión: lees la copia guardada en este teléfono.');
  await expect(offline.savedArticle).toHaveAttribute('sandbox', '');
  const article = offline.savedArticleFrame;
  await expect(article.locator('#texto')).toHaveText(TEXT);
  await expect.poll(() => article.locator('#foto').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(48);
  expect(await article.locator('body').getAttribute('data-script')).toBeNull();

  // And from «Mis descargas».
  await tab.goto('/extra/saved');
  await tab.getByRole('link', { name: 'Ceiba' }).click();
  await expect(tab).toHaveURL(new RegExp(`${reader}$`));
  await expect(offline.savedArticleFrame.locator('#texto')).toHaveText(TEXT);
  await context.close();
});
