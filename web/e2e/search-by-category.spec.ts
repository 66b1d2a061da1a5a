import { expect, test } from '@playwright/test';
import { LibraryPage } from './pages/library.page.ts';
import { SearchPage } from './pages/search.page.ts';

test.use({ viewport: { width: 360, height: 740 } });

/*
 * The demo library files its school material under Educación › Primaria ›
 * Matemáticas (and Lectura, Alfabetización digital), with no "educación" in
 * its own text: typing the top category's name, without its accent, finds it.
 * (The ranking, title matches first, is checked in
 * server/src/modules/search/search-categories.test.ts.)
 */
test('searching "educacion" finds what is filed under Educación and its subcategories', async ({ page }) => {
  const library = new LibraryPage(page);
  const search = new SearchPage(page);
  await library.goto();
  await library.search('educacion');
  await expect(page).toHaveURL(/\/search\?q=educacion$/);
  await search.tab('Recursos').click();
  await expect(search.resourceTitles.first()).toBeVisible();
  const titles = await search.resourceTitles.allTextContents();
  for (const filed of ['Tablas de multiplicar y problemas', 'Lección de lectura: las vocales', 'Alfabetización digital: primeros pasos', 'Para la escuela primaria']) {
    expect(titles, filed).toContain(filed);
  }
});
