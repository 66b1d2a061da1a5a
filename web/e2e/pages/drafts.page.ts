import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /upload/draft: the user's drafts and rejected resources, to continue or delete. */
export class DraftsPage extends PortalPage {
  readonly heading = this.main.getByRole('heading', { level: 1, name: 'Mis borradores' });

  async goto(): Promise<void> {
    await this.page.goto('/upload/draft');
  }

  item(title: string): Locator {
    return this.main.getByRole('listitem').filter({ hasText: title });
  }

  /** The status, its reason and the next step an item shows. */
  review(title: string): Locator {
    return this.item(title).getByTestId('review-notice');
  }
}
