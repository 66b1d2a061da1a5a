import { PortalPage } from './portal-page.ts';

export const MISSING_FILE_TEXT = 'This page could not be found';

/** The server's plain 404 page for a file of the build that does not exist (/images/…, /assets/…). */
export class MissingFilePage extends PortalPage {
  readonly message = this.page.getByText(MISSING_FILE_TEXT, { exact: true });
  readonly backToMenu = this.page.getByRole('link', { name: 'Volver al Menú' });
}
