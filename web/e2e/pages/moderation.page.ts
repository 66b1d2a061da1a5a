import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

export type AdminResourceList = 'all' | 'pending-approval' | 'draft' | 'reports' | 'block';

/** /admin/resources/{list}: a resource list with its moves, each confirmed in a dialog. */
export class AdminResourcesPage extends PortalPage {
  readonly heading = this.main.getByRole('heading', { level: 1 });
  readonly search = this.main.getByRole('searchbox');
  readonly dialog = this.page.getByRole('dialog');

  async goto(list: AdminResourceList, q: string): Promise<void> {
    await this.page.goto(`/admin/resources/${list}?q=${encodeURIComponent(q)}`);
  }

  row(title: string): Locator {
    return this.page.getByRole('article', { name: title });
  }

  state(title: string): Locator {
    return this.row(title).getByTestId('moderation-state');
  }

  /** Presses the row's button, then the dialog's, writing the reason first when given. */
  async act(title: string, action: string, reason?: string): Promise<void> {
    await this.row(title).getByRole('button', { name: action, exact: true }).click();
    if (reason !== undefined) await this.dialog.getByRole('textbox').fill(reason);
    await this.dialog.getByRole('button', { name: action, exact: true }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}
