import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /search, /search/res, /search/users. */
export class SearchPage extends PortalPage {
  readonly title = this.main.getByRole('heading', { level: 1 });
  readonly tabs = this.main.getByRole('navigation', { name: 'Resultados' });
  readonly resourceTitles = this.main.locator('.resource-card__title');
  readonly users = this.main.getByRole('list', { name: 'Usuarios' }).getByRole('link');
  /** articles of the offline libraries among the results */
  readonly articles = this.main.getByTestId('article-hit');

  async goto(tab: '' | '/res' | '/users', query: string): Promise<void> {
    await this.page.goto(`/search${tab}?q=${encodeURIComponent(query)}`);
  }

  tab(name: 'Todo' | 'Recursos' | 'Usuarios'): Locator {
    return this.tabs.getByRole('link', { name, exact: true });
  }
}
