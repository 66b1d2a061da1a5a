import type { Locator, Page } from '@playwright/test';

/** /extra/download: the group's mobile app and how to install it. */
export class DownloadPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly packageCard: Locator;
  readonly downloadButton: Locator;
  readonly installSteps: Locator;
  readonly none: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Descarga la aplicación' });
    this.packageCard = main.getByTestId('app-package');
    this.downloadButton = this.packageCard.getByRole('link', { name: /^Descargar la aplicación \(/ });
    this.installSteps = main.getByRole('region', { name: 'Cómo instalar en Android' });
    this.none = main.getByText('Todavía no hay una aplicación para descargar', { exact: false });
  }

  async goto(): Promise<void> {
    await this.page.goto('/extra/download');
  }
}
