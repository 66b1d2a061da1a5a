import { PortalPage } from './portal-page.ts';

/** /resource/{id}/read/{path}: an offline library's reader, the article in its frame. */
export class ReaderPage extends PortalPage {
  readonly title = this.main.getByRole('heading', { level: 1 });
  readonly back = this.main.getByTestId('reader-back');
  readonly search = this.main.getByRole('searchbox');
  readonly frameElement = this.main.getByTestId('reader-frame');
  readonly article = this.page.frameLocator('[data-testid="reader-frame"]');

  async goto(resourceId: number, path = ''): Promise<void> {
    await this.page.goto(`/resource/${resourceId}/read/${path}`);
  }
}

/** /resource/{id}/read-outside: the notice an article's link to the internet leads to. */
export class OutsideLinkNotice extends PortalPage {
  readonly heading = this.main.getByRole('heading', { level: 1 });
  readonly address = this.main.getByTestId('outside-address');
  readonly back = this.main.getByTestId('outside-back');
}
