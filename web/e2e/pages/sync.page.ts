import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /admin/sync: export, import, the hub, trusted publishers (docs/SYNC.md). */
export class AdminSyncPage extends PortalPage {
  readonly chosenCategories = this.main.getByLabel('Categorías elegidas (con sus subcategorías)');
  readonly exportButton = this.main.getByRole('button', { name: 'Exportar paquete' });
  readonly job = this.page.getByTestId('sync-job');
  readonly jobProgress = this.page.getByTestId('job-progress').getByRole('progressbar');
  readonly downloadLink = this.main.getByRole('link', { name: 'Descargar paquete' });
  readonly packFile = this.main.getByLabel('Paquete (.kitpack)');
  readonly arrival = this.main.getByLabel('Los recursos llegan');
  readonly importButton = this.main.getByRole('button', { name: 'Importar paquete' });
  readonly importSummary = this.page.getByTestId('import-summary');
  readonly ownKey = this.page.getByTestId('own-key');
  readonly keyLabel = this.main.getByLabel('Nombre', { exact: true });
  readonly keyText = this.main.getByLabel('Clave pública', { exact: true });
  readonly addKey = this.main.getByRole('button', { name: 'Agregar editor' });
  /** the hub's settings */
  readonly hub = this.page.getByTestId('hub-settings');
  readonly hubFeed = this.hub.getByLabel('Índice del que se traen paquetes');
  readonly hubUpload = this.hub.getByLabel('Dirección a la que se envían las estadísticas');
  readonly hubInterval = this.hub.getByLabel('Sincronizar solo cada');
  readonly saveHub = this.hub.getByRole('button', { name: 'Guardar centro' });
  readonly hubSchedule = this.page.getByTestId('hub-schedule');

  async goto(): Promise<void> {
    await this.page.goto('/admin/sync');
  }

  category(name: string): Locator {
    return this.main.getByRole('checkbox', { name, exact: true });
  }
}
