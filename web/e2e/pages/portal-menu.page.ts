import type { Locator, Page } from '@playwright/test';

/** /menu: the portal menu of tools. */
export class PortalMenuPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly tools: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.tools = page.getByRole('list', { name: 'Herramientas del portal' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/menu');
  }

  /** A tool's tile by its id (the contract's tool id). */
  tile(id: string): Locator {
    return this.page.getByTestId(`service-${id}`);
  }

  toolLink(name: string | RegExp): Locator {
    return this.tools.getByRole('link', { name });
  }
}
