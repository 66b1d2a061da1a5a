import type { FrameLocator, Locator, Page } from '@playwright/test';

/** The offline parts of the library: the save button, its state, the download-to-phone link, the notes. */
export class OfflinePage {
  readonly save: Locator;
  readonly saved: Locator;
  readonly downloadToPhone: Locator;
  readonly banner: Locator;
  readonly note: Locator;
  readonly savedLink: Locator;
  /** the reader's «Guardar para leer sin conexión», its «Guardado», and a saved article shown from the phone */
  readonly saveArticle: Locator;
  readonly articleSaved: Locator;
  readonly savedArticle: Locator;
  readonly savedArticleFrame: FrameLocator;

  constructor(page: Page) {
    const main = page.getByRole('main');
    this.save = main.getByRole('button', { name: 'Guardar para ver sin conexión' });
    this.saved = main.getByText(/^Guardado en este teléfono/);
    this.downloadToPhone = main.getByRole('link', { name: 'Descargar al teléfono' });
    this.banner = page.getByTestId('offline-banner');
    this.note = page.getByTestId('offline-note');
    this.savedLink = page.getByRole('link', { name: 'Mis descargas' });
    this.saveArticle = page.getByRole('button', { name: 'Guardar para leer sin conexión' });
    this.articleSaved = page.getByTestId('save-article').getByText('Guardado', { exact: true });
    this.savedArticle = page.getByTestId('saved-article');
    this.savedArticleFrame = page.frameLocator('[data-testid="saved-article"]');
  }
}
