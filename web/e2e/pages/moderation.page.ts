import type { Locator, Page } from '@playwright/test';

export type AdminResourceList = 'all' | 'pending-approval' | 'draft' | 'reports' | 'block';

/** /admin/resources/{list}: a resource list with its moves, each confirmed in a dialog. */
export class AdminResourcesPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly search: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.search = main.getByRole('searchbox');
    this.dialog = page.getByRole('dialog');
  }

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
