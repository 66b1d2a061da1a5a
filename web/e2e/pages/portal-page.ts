import type { Locator, Page } from '@playwright/test';

/**
 * What every page object starts from: the page and its main landmark. The
 * subclasses' fields are initialised after this constructor, so they read both.
 */
export class PortalPage {
  readonly page: Page;
  readonly main: Locator;

  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }
}
