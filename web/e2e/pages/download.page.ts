import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /extra/download: the group's mobile app and how to install it; until there is one, how to install the portal itself. */
export class DownloadPage extends PortalPage {
  readonly heading = this.main.getByRole('heading', { level: 1, name: 'Descarga la aplicación' });
  readonly packageCard = this.main.getByTestId('app-package');
  readonly downloadButton = this.packageCard.getByRole('link', { name: /^Descargar la aplicación \(/ });
  readonly installSteps = this.main.getByRole('region', { name: 'Cómo instalar en Android' });
  readonly none = this.main.getByText('Todavía no hay una aplicación para descargar', { exact: false });
  /** what a fresh kit offers: the portal itself, installed on the phone */
  readonly installPortal = this.main.getByRole('region', { name: 'Instala el portal en tu teléfono' });
  /** the browser's own install prompt, where the browser offers one */
  readonly installButton = this.installPortal.getByRole('button', { name: 'Instalar el portal' });

  async goto(baseUrl = ''): Promise<void> {
    await this.page.goto(`${baseUrl}/extra/download`);
  }

  /** The steps to add the portal to the home screen in one browser (a disclosure named after it). */
  browserSteps(name: string | RegExp): Locator {
    return this.installPortal.locator('details').filter({ has: this.page.locator('summary', { hasText: name }) });
  }
}
