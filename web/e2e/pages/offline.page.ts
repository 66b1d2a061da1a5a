import { PortalPage } from './portal-page.ts';

/** The offline parts of the library: the save button, its state, the download-to-phone link, the notes. */
export class OfflinePage extends PortalPage {
  readonly save = this.main.getByRole('button', { name: 'Guardar para ver sin conexión' });
  readonly saved = this.main.getByText(/^Guardado en este teléfono/);
  readonly downloadToPhone = this.main.getByRole('link', { name: 'Descargar al teléfono' });
  readonly banner = this.page.getByTestId('offline-banner');
  readonly note = this.page.getByTestId('offline-note');
  readonly savedLink = this.page.getByRole('link', { name: 'Mis descargas' });
  /** the reader's «Guardar para leer sin conexión», its «Guardado», and a saved article shown from the phone */
  readonly saveArticle = this.page.getByRole('button', { name: 'Guardar para leer sin conexión' });
  readonly articleSaved = this.page.getByTestId('save-article').getByText('Guardado', { exact: true });
  readonly savedArticle = this.page.getByTestId('saved-article');
  readonly savedArticleFrame = this.page.frameLocator('[data-testid="saved-article"]');
}
