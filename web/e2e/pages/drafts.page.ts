import type { Locator, Page } from '@playwright/test';

/** /upload/draft: the user's drafts and rejected resources, to continue or delete. */
export class DraftsPage {
  readonly page: Page;
  readonly heading: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Mis borradores' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/upload/draft');
  }

  item(title: string): Locator {
    return this.page.getByRole('main').getByRole('listitem').filter({ hasText: title });
  }

  /** The status, its reason and the next step an item shows. */
  review(title: string): Locator {
    return this.item(title).getByTestId('review-notice');
  }
}
