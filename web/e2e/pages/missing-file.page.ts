import type { Locator, Page } from '@playwright/test';

export const MISSING_FILE_TEXT = 'This page could not be found';

/** The server's plain 404 page for a file of the build that does not exist (/images/…, /assets/…). */
export class MissingFilePage {
  readonly page: Page;
  readonly message: Locator;
  readonly backToMenu: Locator;

  constructor(page: Page) {
    this.page = page;
    this.message = page.getByText(MISSING_FILE_TEXT, { exact: true });
    this.backToMenu = page.getByRole('link', { name: 'Volver al Menú' });
  }
}
