import { expect } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /upload (and the form of /upload/draft): the rights-free reminder, the publishing form, the file's progress. */
export class UploadPage extends PortalPage {
  readonly acceptRules = this.page.getByRole('dialog').getByRole('button', { name: 'Entendido, continuar' });
  readonly file = this.page.getByLabel(/^Archivo/);
  readonly type = this.page.getByLabel('Tipo de recurso');
  readonly title = this.page.getByLabel('Título');
  readonly author = this.page.getByLabel('Autor');
  readonly source = this.page.getByLabel('Fuente');
  readonly license = this.page.getByLabel('Licencia');
  readonly description = this.page.getByLabel('Descripción');
  readonly category = this.page.getByLabel('Categoría');
  readonly rights = this.page.getByLabel(/Declaro que este archivo es de dominio público/);
  readonly send = this.page.getByRole('button', { name: /^Subir y (enviar|publicar)/ });
  readonly saveDraft = this.page.getByRole('button', { name: 'Guardar borrador' });
  readonly progress = this.page.getByTestId('upload-progress');
  readonly progressBar = this.progress.getByRole('progressbar');
  readonly interrupted = this.progress.getByText('La subida se interrumpió');
  readonly resume = this.progress.getByRole('button', { name: 'Reanudar' });
  readonly result = this.page.locator('.upload-result');

  /** Opens /upload in a fresh session: the reminder of docs/PRODUCT.md#uploads (/upload/ModalAlert) comes first. */
  async open(): Promise<void> {
    await this.page.goto('/upload');
    await expect(this.page).toHaveURL(/\/upload\/ModalAlert$/);
    await this.acceptRules.click();
    await expect(this.page).toHaveURL(/\/upload$/);
    await expect(this.file).toBeVisible();
  }
}
