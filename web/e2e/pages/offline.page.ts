import type { Locator, Page } from '@playwright/test';

/** The offline parts of the library: the save button, its state, the download-to-phone link, the notes. */
export class OfflinePage {
  readonly save: Locator;
  readonly saved: Locator;
  readonly downloadToPhone: Locator;
  readonly banner: Locator;
  readonly note: Locator;
  readonly savedLink: Locator;

  constructor(page: Page) {
    const main = page.getByRole('main');
    this.save = main.getByRole('button', { name: 'Guardar para ver sin conexión' });
    this.saved = main.getByText(/^Guardado en este teléfono/);
    this.downloadToPhone = main.getByRole('link', { name: 'Descargar al teléfono' });
    this.banner = page.getByTestId('offline-banner');
    this.note = page.getByTestId('offline-note');
    this.savedLink = page.getByRole('link', { name: 'Mis descargas' });
  }
}
