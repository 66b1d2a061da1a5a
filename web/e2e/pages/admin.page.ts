import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** The admin dashboard (docs/API-admin.md): side menu and the Resumen counters. */
export class AdminDashboardPage extends PortalPage {
  readonly menu = this.page.getByTestId('admin-menu');

  counter(key: string): Locator {
    return this.page.getByTestId(`counter-${key}`).locator('.admin-counter__value');
  }
}

/** /admin/category */
export class AdminCategoryPage extends PortalPage {
  readonly newName = this.main.getByLabel('Nueva categoría');
  readonly create = this.main.getByRole('button', { name: /^Crear/ });
  readonly renameInput = this.main.getByLabel('Renombrar', { exact: true }).and(this.main.locator('input'));
  readonly rename = this.main.getByRole('button', { name: 'Renombrar' });
  readonly remove = this.main.getByRole('button', { name: 'Eliminar' });
  readonly hide = this.main.getByRole('button', { name: 'Ocultar', exact: true });
  readonly show = this.main.getByRole('button', { name: 'Mostrar', exact: true });
  readonly unselect = this.main.getByRole('button', { name: 'Quitar selección' });

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
export class AdminUsersPage extends PortalPage {
  readonly search = this.page.getByRole('searchbox', { name: 'Buscar usuarios' });
  readonly exportCsv = this.page.getByRole('button', { name: 'Exportar CSV' });

  async goto(): Promise<void> {
    await this.page.goto('/admin/users');
  }
  row(userName: string): Locator {
    return this.page.getByTestId(`user-row-${userName}`);
  }
}

/** /admin/data */
export class AdminDataPage extends PortalPage {
  readonly servicesMode = this.page.getByLabel('Modo de servicios');
  readonly save = this.page.getByRole('button', { name: 'Guardar ajustes' });

  async goto(): Promise<void> {
    await this.page.goto('/admin/data');
  }
}
