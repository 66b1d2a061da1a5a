import type { Locator, Page } from '@playwright/test';

/** The admin dashboard (docs/API-admin.md): side menu and the Resumen counters. */
export class AdminDashboardPage {
  readonly page: Page;
  readonly menu: Locator;
  constructor(page: Page) {
    this.page = page;
    this.menu = page.getByTestId('admin-menu');
  }
  counter(key: string): Locator {
    return this.page.getByTestId(`counter-${key}`).locator('.admin-counter__value');
  }
}

/** /admin/category */
export class AdminCategoryPage {
  readonly page: Page;
  readonly newName: Locator;
  readonly create: Locator;
  readonly renameInput: Locator;
  readonly rename: Locator;
  readonly remove: Locator;
  readonly hide: Locator;
  readonly show: Locator;
  readonly unselect: Locator;
  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.newName = main.getByLabel('Nueva categoría');
    this.create = main.getByRole('button', { name: /^Crear/ });
    this.renameInput = main.getByLabel('Renombrar', { exact: true }).and(main.locator('input'));
    this.rename = main.getByRole('button', { name: 'Renombrar' });
    this.remove = main.getByRole('button', { name: 'Eliminar' });
    this.hide = main.getByRole('button', { name: 'Ocultar', exact: true });
    this.show = main.getByRole('button', { name: 'Mostrar', exact: true });
    this.unselect = main.getByRole('button', { name: 'Quitar selección' });
  }
  async goto(): Promise<void> {
    await this.page.goto('/admin/category');
  }
  row(name: string): Locator {
    return this.page.getByTestId(`category-${name}`);
  }
  /** the «Oculta» mark of a hidden category's row */
  hiddenBadge(name: string): Locator {
    return this.row(name).getByText('Oculta', { exact: true });
  }
  async createCategory(name: string): Promise<void> {
    await this.newName.fill(name);
    await this.create.click();
    await this.row(name).waitFor();
  }
  /** Drops `from` on `to`: near its top edge is "before", its middle "inside". */
  async drag(from: string, to: string, where: 'before' | 'inside'): Promise<void> {
    const target = this.row(to);
    const box = await target.boundingBox();
    const y = where === 'before' ? 2 : (box?.height ?? 20) / 2;
    await this.row(from).dragTo(target, { targetPosition: { x: 20, y } });
  }
  async deleteSelected(): Promise<void> {
    await this.remove.click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  }
}

/** /admin/users */
export class AdminUsersPage {
  readonly page: Page;
  readonly search: Locator;
  readonly exportCsv: Locator;
  constructor(page: Page) {
    this.page = page;
    this.search = page.getByRole('searchbox', { name: 'Buscar usuarios' });
    this.exportCsv = page.getByRole('button', { name: 'Exportar CSV' });
  }
  async goto(): Promise<void> {
    await this.page.goto('/admin/users');
  }
  row(userName: string): Locator {
    return this.page.getByTestId(`user-row-${userName}`);
  }
}

/** /admin/data */
export class AdminDataPage {
  readonly page: Page;
  readonly servicesMode: Locator;
  readonly save: Locator;
  constructor(page: Page) {
    this.page = page;
    this.servicesMode = page.getByLabel('Modo de servicios');
    this.save = page.getByRole('button', { name: 'Guardar ajustes' });
  }
  async goto(): Promise<void> {
    await this.page.goto('/admin/data');
  }
}
