import type { Locator, Page } from '@playwright/test';

/** The library layout (header, navigation, category drawer) and its home, /{product}. */
export class LibraryPage {
  readonly page: Page;
  readonly header: Locator;
  readonly searchBox: Locator;
  readonly navigation: Locator;
  readonly random: Locator;
  readonly drawerButton: Locator;
  readonly tree: Locator;
  readonly grid: Locator;
  readonly typeFilter: Locator;
  readonly title: Locator;

  constructor(page: Page) {
    this.page = page;
    this.header = page.getByRole('banner');
    this.searchBox = page.getByRole('searchbox', { name: 'Buscar en la biblioteca' });
    this.navigation = page.getByRole('navigation', { name: 'Biblioteca' });
    this.random = this.navigation.getByRole('button', { name: 'Al Azar' });
    this.drawerButton = this.header.getByRole('button', { name: /Abrir menú|Cerrar menú/ });
    this.tree = page.getByRole('tree', { name: 'Categorías' });
    this.grid = page.getByRole('main').getByRole('list').filter({ has: page.locator('.resource-card') }).first();
    this.typeFilter = page.getByRole('navigation', { name: 'Tipo de recurso' });
    this.title = page.getByRole('main').getByRole('heading', { level: 1 });
  }

  async goto(slug = 'biblioteca', query = ''): Promise<void> {
    await this.page.goto(`/${slug}${query}`);
  }

  /** Opens the category drawer (phones) unless it is already open. */
  async openDrawer(): Promise<void> {
    if ((await this.drawerButton.getAttribute('aria-expanded')) !== 'true') await this.drawerButton.click();
  }

  treeItem(name: string): Locator {
    return this.tree.getByRole('treeitem', { name, exact: true });
  }

  /** The visible row of a tree item (the item itself also contains its open subtree). */
  treeRow(name: string): Locator {
    return this.treeItem(name).locator(':scope > .category-tree__row');
  }

  card(title: string): Locator {
    return this.page.getByRole('main').getByRole('link').filter({ hasText: title }).first();
  }

  cards(): Locator {
    return this.page.getByRole('main').locator('.resource-card');
  }

  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
    await this.searchBox.press('Enter');
  }
}
