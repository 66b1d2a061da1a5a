import type { Locator, Page } from '@playwright/test';

/** /search, /search/res, /search/users. */
export class SearchPage {
  readonly page: Page;
  readonly title: Locator;
  readonly tabs: Locator;
  readonly resourceTitles: Locator;
  readonly users: Locator;
  /** articles of the offline libraries among the results */
  readonly articles: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.title = main.getByRole('heading', { level: 1 });
    this.tabs = main.getByRole('navigation', { name: 'Resultados' });
    this.resourceTitles = main.locator('.resource-card__title');
    this.users = main.getByRole('list', { name: 'Usuarios' }).getByRole('link');
    this.articles = main.getByTestId('article-hit');
  }

  async goto(tab: '' | '/res' | '/users', query: string): Promise<void> {
    await this.page.goto(`/search${tab}?q=${encodeURIComponent(query)}`);
  }

  tab(name: 'Todo' | 'Recursos' | 'Usuarios'): Locator {
    return this.tabs.getByRole('link', { name, exact: true });
  }
}
