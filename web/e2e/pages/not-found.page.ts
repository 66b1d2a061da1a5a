import { PortalPage } from './portal-page.ts';

export const NOT_FOUND_TEXT =
  'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible';

/** The 404 page any unknown route shows. */
export class NotFoundPage extends PortalPage {
  readonly message = this.page.getByRole('heading', { name: NOT_FOUND_TEXT });
  readonly backToMenu = this.main.getByRole('link', { name: 'Volver al Menú' });

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }
}
