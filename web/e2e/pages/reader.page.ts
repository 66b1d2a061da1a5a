import type { FrameLocator, Locator, Page } from '@playwright/test';

/** /resource/{id}/read/{path}: an offline library's reader, the article in its frame. */
export class ReaderPage {
  readonly page: Page;
  readonly title: Locator;
  readonly back: Locator;
  readonly search: Locator;
  readonly frameElement: Locator;
  readonly article: FrameLocator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.title = main.getByRole('heading', { level: 1 });
    this.back = main.getByTestId('reader-back');
    this.search = main.getByRole('searchbox');
    this.frameElement = main.getByTestId('reader-frame');
    this.article = page.frameLocator('[data-testid="reader-frame"]');
  }

  async goto(resourceId: number, path = ''): Promise<void> {
    await this.page.goto(`/resource/${resourceId}/read/${path}`);
  }
}

/** /resource/{id}/read-outside: the notice an article's link to the internet leads to. */
export class OutsideLinkNotice {
  readonly heading: Locator;
  readonly address: Locator;
  readonly back: Locator;

  constructor(page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.address = main.getByTestId('outside-address');
    this.back = main.getByTestId('outside-back');
  }
}
