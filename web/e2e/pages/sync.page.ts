import type { Locator, Page } from '@playwright/test';

/** /admin/sync: export, import, the hub, trusted publishers (docs/SYNC.md). */
export class AdminSyncPage {
  readonly page: Page;
  readonly chosenCategories: Locator;
  readonly exportButton: Locator;
  readonly job: Locator;
  readonly jobProgress: Locator;
  readonly downloadLink: Locator;
  readonly packFile: Locator;
  readonly arrival: Locator;
  readonly importButton: Locator;
  readonly importSummary: Locator;
  readonly ownKey: Locator;
  readonly keyLabel: Locator;
  readonly keyText: Locator;
  readonly addKey: Locator;
  readonly hubFeed: Locator;
  readonly hubUpload: Locator;
  readonly hubInterval: Locator;
  readonly saveHub: Locator;
  readonly hubSchedule: Locator;
  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.chosenCategories = main.getByLabel('Categorías elegidas (con sus subcategorías)');
    this.exportButton = main.getByRole('button', { name: 'Exportar paquete' });
    this.job = page.getByTestId('sync-job');
    this.jobProgress = page.getByTestId('job-progress').getByRole('progressbar');
    this.downloadLink = main.getByRole('link', { name: 'Descargar paquete' });
    this.packFile = main.getByLabel('Paquete (.kitpack)');
    this.arrival = main.getByLabel('Los recursos llegan');
    this.importButton = main.getByRole('button', { name: 'Importar paquete' });
    this.importSummary = page.getByTestId('import-summary');
    this.ownKey = page.getByTestId('own-key');
    this.keyLabel = main.getByLabel('Nombre', { exact: true });
    this.keyText = main.getByLabel('Clave pública', { exact: true });
    this.addKey = main.getByRole('button', { name: 'Agregar editor' });
    const hub = page.getByTestId('hub-settings');
    this.hubFeed = hub.getByLabel('Índice del que se traen paquetes');
    this.hubUpload = hub.getByLabel('Dirección a la que se envían las estadísticas');
    this.hubInterval = hub.getByLabel('Sincronizar solo cada');
    this.saveHub = hub.getByRole('button', { name: 'Guardar centro' });
    this.hubSchedule = page.getByTestId('hub-schedule');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/sync');
  }

  category(name: string): Locator {
    return this.page.getByRole('main').getByRole('checkbox', { name, exact: true });
  }
}
