import type { Locator, Page } from '@playwright/test';

/** The social parts of /resource/{id}: favourite, add to a list, report, comments. */
export class SocialPanel {
  readonly page: Page;
  readonly favorite: Locator;
  readonly addToList: Locator;
  readonly report: Locator;
  readonly comments: Locator;
  readonly commentBox: Locator;
  readonly sendComment: Locator;
  readonly pendingComments: Locator;
  readonly sentComments: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.favorite = main.getByTestId('favorite-button');
    this.addToList = main.getByRole('button', { name: 'Añadir a una lista' });
    this.report = main.getByRole('button', { name: 'Reportar' });
    this.comments = main.getByTestId('comments');
    this.commentBox = this.comments.getByLabel('Escribe un comentario');
    this.sendComment = this.comments.getByRole('button', { name: 'Comentar' });
    this.pendingComments = this.comments.getByTestId('comment-pending');
    this.sentComments = this.comments.getByTestId('comment');
    this.dialog = page.getByRole('dialog');
  }

  async comment(text: string): Promise<void> {
    await this.commentBox.fill(text);
    await this.sendComment.click();
  }

  /** The pending mark beside the favourite button. */
  favoritePending(): Locator {
    return this.favorite.locator('xpath=..').getByTestId('pending-badge');
  }
}
