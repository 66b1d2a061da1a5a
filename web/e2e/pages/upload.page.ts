import { expect, type Locator, type Page } from '@playwright/test';

/** /upload (and the form of /upload/draft): the rights-free reminder, the publishing form, the file's progress. */
export class UploadPage {
  readonly page: Page;
  readonly acceptRules: Locator;
  readonly file: Locator;
  readonly type: Locator;
  readonly title: Locator;
  readonly author: Locator;
  readonly source: Locator;
  readonly license: Locator;
  readonly description: Locator;
  readonly category: Locator;
  readonly rights: Locator;
  readonly send: Locator;
  readonly saveDraft: Locator;
  readonly progress: Locator;
  readonly progressBar: Locator;
  readonly interrupted: Locator;
  readonly resume: Locator;
  readonly result: Locator;

  constructor(page: Page) {
    this.page = page;
    this.acceptRules = page.getByRole('dialog').getByRole('button', { name: 'Entendido, continuar' });
    this.file = page.getByLabel(/^Archivo/);
    this.type = page.getByLabel('Tipo de recurso');
    this.title = page.getByLabel('Título');
    this.author = page.getByLabel('Autor');
    this.source = page.getByLabel('Fuente');
    this.license = page.getByLabel('Licencia');
    this.description = page.getByLabel('Descripción');
    this.category = page.getByLabel('Categoría');
    this.rights = page.getByLabel(/Declaro que este archivo es de dominio público/);
    this.send = page.getByRole('button', { name: /^Subir y (enviar|publicar)/ });
    this.saveDraft = page.getByRole('button', { name: 'Guardar borrador' });
    this.progress = page.getByTestId('upload-progress');
    this.progressBar = this.progress.getByRole('progressbar');
    this.interrupted = this.progress.getByText('La subida se interrumpió');
    this.resume = this.progress.getByRole('button', { name: 'Reanudar' });
    this.result = page.locator('.upload-result');
  }

  /** Opens /upload in a fresh session: the reminder of docs/PRODUCT.md#uploads (/upload/ModalAlert) comes first. */
  async open(): Promise<void> {
    await this.page.goto('/upload');
    await expect(this.page).toHaveURL(/\/upload\/ModalAlert$/);
    await this.acceptRules.click();
    await expect(this.page).toHaveURL(/\/upload$/);
    await expect(this.file).toBeVisible();
  }
}
