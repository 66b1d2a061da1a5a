import type { Locator, Page } from '@playwright/test';

/** /extra/download: the group's mobile app and how to install it; until there is one, how to install the portal itself. */
export class DownloadPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly packageCard: Locator;
  readonly downloadButton: Locator;
  readonly installSteps: Locator;
  readonly none: Locator;
  /** what a fresh kit offers: the portal itself, installed on the phone */
  readonly installPortal: Locator;
  /** the browser's own install prompt, where the browser offers one */
  readonly installButton: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Descarga la aplicación' });
    this.packageCard = main.getByTestId('app-package');
    this.downloadButton = this.packageCard.getByRole('link', { name: /^Descargar la aplicación \(/ });
    this.installSteps = main.getByRole('region', { name: 'Cómo instalar en Android' });
    this.none = main.getByText('Todavía no hay una aplicación para descargar', { exact: false });
    this.installPortal = main.getByRole('region', { name: 'Instala el portal en tu teléfono' });
    this.installButton = this.installPortal.getByRole('button', { name: 'Instalar el portal' });
  }

  async goto(baseUrl = ''): Promise<void> {
    await this.page.goto(`${baseUrl}/extra/download`);
  }

  /** The steps to add the portal to the home screen in one browser (a disclosure named after it). */
  browserSteps(name: string | RegExp): Locator {
    return this.installPortal.locator('details').filter({ has: this.page.locator('summary', { hasText: name }) });
  }
}
