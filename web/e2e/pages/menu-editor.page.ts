import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /admin/menu: the admins' editor of the portal menu's tiles. */
export class MenuEditorPage extends PortalPage {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Herramientas del menú' });
  readonly tiles = this.page.getByRole('list', { name: 'Herramientas' });
  readonly addButton = this.main.getByRole('button', { name: 'Agregar herramienta', exact: true });
  readonly dialog = this.page.getByRole('dialog');

  /** A tile's row by the name the menu shows. */
  row(name: string): Locator {
    return this.tiles.getByRole('listitem').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Adds a tile that opens the library filtered by a category. */
  async addCategoryTile(label: string, category: string): Promise<void> {
    await this.addButton.click();
    await this.dialog.getByLabel('Nombre en el menú').fill(label);
    await this.dialog.getByLabel('Destino').selectOption({ label: 'Una categoría de la biblioteca' });
    await this.dialog.getByLabel('Categoría', { exact: true }).selectOption({ label: category });
    await this.dialog.getByRole('button', { name: 'Guardar' }).click();
  }
}
