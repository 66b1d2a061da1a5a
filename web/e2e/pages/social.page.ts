import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** The social parts of /resource/{id}: favourite, add to a list, report, comments. */
export class SocialPanel extends PortalPage {
  readonly favorite = this.main.getByTestId('favorite-button');
  readonly addToList = this.main.getByRole('button', { name: 'Añadir a una lista' });
  readonly report = this.main.getByRole('button', { name: 'Reportar' });
  readonly comments = this.main.getByTestId('comments');
  readonly commentBox = this.comments.getByLabel('Escribe un comentario');
  readonly sendComment = this.comments.getByRole('button', { name: 'Comentar' });
  readonly pendingComments = this.comments.getByTestId('comment-pending');
  readonly sentComments = this.comments.getByTestId('comment');
  readonly dialog = this.page.getByRole('dialog');

  async comment(text: string): Promise<void> {
    await this.commentBox.fill(text);
    await this.sendComment.click();
  }

  /** The pending mark beside the favourite button. */
  favoritePending(): Locator {
    return this.favorite.locator('xpath=..').getByTestId('pending-badge');
  }
}
