import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /user/{id}/resources: what a user uploaded; to its owner (and admins) every status, with what each means. */
export class UserResourcesPage extends PortalPage {
  readonly title = this.main.getByRole('heading', { level: 1 });

  async goto(userId: number | null): Promise<void> {
    await this.page.goto(userId === null ? '/user/resources' : `/user/${userId}/resources`);
  }

  /** A resource's card (the whole card is its link). */
  card(title: string): Locator {
    return this.main.locator('.resource-card').filter({ hasText: title });
  }

  /** The status and its explanation a card shows its owner. */
  review(title: string): Locator {
    return this.card(title).getByTestId('review-notice');
  }
}
