import type { Locator, Page } from '@playwright/test';

export const NOT_FOUND_TEXT =
  'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible';

/** The 404 page any unknown route shows. */
export class NotFoundPage {
  readonly page: Page;
  readonly message: Locator;
  readonly backToMenu: Locator;

  constructor(page: Page) {
    this.page = page;
    this.message = page.getByRole('heading', { name: NOT_FOUND_TEXT });
    this.backToMenu = page.getByRole('main').getByRole('link', { name: 'Volver al Menú' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }
}
