import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** The library layout (header, navigation, category drawer) and its home, /{product}. */
export class LibraryPage extends PortalPage {
  readonly header = this.page.getByRole('banner');
  readonly searchBox = this.page.getByRole('searchbox', { name: 'Buscar en la biblioteca' });
  readonly navigation = this.page.getByRole('navigation', { name: 'Biblioteca' });
  readonly random = this.navigation.getByRole('button', { name: 'Al Azar' });
  readonly drawerButton = this.header.getByRole('button', { name: /Abrir menú|Cerrar menú/ });
  readonly tree = this.page.getByRole('tree', { name: 'Categorías' });
  readonly grid = this.main.getByRole('list').filter({ has: this.page.locator('.resource-card') }).first();
  readonly typeFilter = this.page.getByRole('navigation', { name: 'Tipo de recurso' });
  readonly title = this.main.getByRole('heading', { level: 1 });

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

  /** The drag handle of a tree row: only admins get one. */
  treeHandle(name: string): Locator {
    return this.treeRow(name).locator('.category-tree__handle');
  }

  /** Every drag handle of the tree. */
  treeHandles(): Locator {
    return this.tree.locator('.category-tree__handle');
  }

  /** The names of the tree items under the item named PARENT, in the order shown. */
  async childNames(parent: string): Promise<string[]> {
    return this.treeItem(parent)
      .locator(':scope > [role="group"] > [role="treeitem"] > .category-tree__row .category-tree__name')
      .allTextContents();
  }

  /** Where on TARGET's row a drop lands WHERE (page coordinates): near its top edge before, near its bottom edge after, its middle inside. */
  private async dropPoint(target: string, where: 'before' | 'after' | 'inside'): Promise<{ x: number; y: number }> {
    const box = await this.treeRow(target).boundingBox();
    if (!box) throw new Error(`the row ${target} is not on screen`);
    const y = where === 'before' ? 3 : where === 'after' ? box.height - 3 : box.height / 2;
    return { x: box.x + box.width / 2, y: box.y + y };
  }

  /** Drags NAME by its handle with the mouse and drops it on TARGET's row. */
  async mouseDrag(name: string, target: string, where: 'before' | 'after' | 'inside'): Promise<void> {
    const from = await this.treeHandle(name).boundingBox();
    if (!from) throw new Error(`the handle of ${name} is not on screen`);
    const to = await this.dropPoint(target, where);
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(to.x, to.y, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Drags NAME by its handle with a finger (touch events, as a phone sends them) and lifts it over TARGET's row. */
  async touchDrag(name: string, target: string, where: 'before' | 'after' | 'inside'): Promise<void> {
    const from = await this.treeHandle(name).boundingBox();
    if (!from) throw new Error(`the handle of ${name} is not on screen`);
    const to = await this.dropPoint(target, where);
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
      const steps = 8;
      for (let i = 1; i <= steps; i++) {
        const point = { x: start.x + ((to.x - start.x) * i) / steps, y: start.y + ((to.y - start.y) * i) / steps };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } finally {
      await cdp.detach();
    }
  }

  card(title: string): Locator {
    return this.main.getByRole('link').filter({ hasText: title }).first();
  }

  cards(): Locator {
    return this.main.locator('.resource-card');
  }

  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
    await this.searchBox.press('Enter');
  }
}
