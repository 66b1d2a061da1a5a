import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { valleyZim } from '../../server/test/valley-zim.ts';
import { ContribApi } from './helpers/contrib-api.ts';
import { KitApi } from './helpers/kit-api.ts';
import { SearchPage } from './pages/search.page.ts';

test.use({ viewport: { width: 360, height: 740 } });

/*
 * An admin brings a library (a real ZIM written by zimwriterfs); once the kit
 * has checked and indexed it, the search page lists its article among the
 * resources, says which library it is in, and opens it in the reader. (Ranking,
 * accents and the text inside one library: server/src/modules/search/article-search.test.ts.)
 */
test('the search page shows an article of a library with its library, and opens it in the reader', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-e2e-zim-'));
  const kit = await KitApi.open();
  const admin = await ContribApi.as(await kit.adminToken());
  await kit.close();
  try {
    const id = await admin.bringLibrary('Enciclopedia del valle', await valleyZim(dir));
    await expect.poll(() => admin.libraryIndex(id), { timeout: 20_000 }).toBe('done');

    await page.goto(`/resource/${id}`);
    await expect(page.getByTestId('library-index')).toHaveText('Lista: se buscan sus títulos y su texto');

    const search = new SearchPage(page);
    await search.goto('', 'CANCION');
    const article = search.articles.filter({ hasText: 'Canción' });
    await expect(article).toContainText('En Enciclopedia del valle');
    await expect(article).toHaveAttribute('href', `/resource/${id}/read/cancion.html`);
    await article.click();
    await expect(page).toHaveURL(new RegExp(`/resource/${id}/read/cancion\\.html$`));
    await expect(page.frameLocator('[data-testid="reader-frame"]').getByText('Se canta con el tambor')).toBeVisible();
  } finally {
    await admin.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
