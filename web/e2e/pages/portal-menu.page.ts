import { expect, type Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /menu: the portal menu of tools. */
export class PortalMenuPage extends PortalPage {
  readonly heading = this.page.getByRole('heading', { level: 1 });
  readonly tools = this.page.getByRole('list', { name: 'Herramientas del portal' });

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

  /** The key of the tile shown under `name` (its test id is service-{key}), once it is visible. */
  async toolKey(name: string): Promise<string> {
    const tile = this.toolLink(name);
    await expect(tile).toBeVisible();
    return ((await tile.getAttribute('data-testid')) ?? '').replace(/^service-/, '');
  }

  /** The tiles' ids in menu order. */
  async tileIds(): Promise<string[]> {
    return (await this.tools.locator('[data-testid^="service-"]').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-testid') ?? ''))).map((id) =>
      id.replace(/^service-/, ''),
    );
  }

  /** The login tile once someone is logged in: who it is, their profile, logging out. */
  sessionTile(): Locator {
    return this.tile('login');
  }

  /** On a phone: switch between the phone list and the full list (docs/PRODUCT.md#menu-lists seeDesktop). */
  viewToggle(): Locator {
    return this.page.getByRole('button', { name: /Ver la versión para teléfonos|Ver todas las herramientas/ });
  }
}
