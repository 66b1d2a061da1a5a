import type { Locator, Page } from '@playwright/test';

/** /resource/{id}: a resource of any type. */
export class ResourcePage {
  readonly page: Page;
  readonly title: Locator;
  readonly video: Locator;
  readonly audio: Locator;
  readonly image: Locator;
  readonly pdfPage: Locator;
  readonly pdfText: Locator;
  readonly pdfCanvas: Locator;
  readonly nextPage: Locator;
  readonly zoomIn: Locator;
  readonly download: Locator;
  readonly details: Locator;
  readonly listItems: Locator;
  /** to its owner and admins: the status, its reason and what to do next */
  readonly review: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.title = main.getByRole('heading', { level: 1 });
    this.video = main.locator('video');
    this.audio = main.locator('audio');
    this.image = main.locator('.resource-media--image img');
    this.pdfPage = main.getByTestId('pdf-page');
    this.pdfText = this.pdfPage.locator('.textLayer');
    this.pdfCanvas = this.pdfPage.locator('canvas');
    this.nextPage = main.getByRole('button', { name: 'Página siguiente' });
    this.zoomIn = main.getByRole('button', { name: 'Acercar' });
    this.download = main.getByTestId('resource-download');
    this.details = main.getByRole('definition');
    this.listItems = main.locator('.playlist__items').getByRole('link');
    this.review = main.getByTestId('review-notice');
  }

  async goto(id: number): Promise<void> {
    await this.page.goto(`/resource/${id}`);
  }

  /** Seeks the video to its middle (the server must answer the range request) and says where it landed. */
  seekVideoToMiddle(): Promise<{ time: number; duration: number }> {
    return this.video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<{ time: number; duration: number }>((resolve, reject) => {
          v.addEventListener('seeked', () => resolve({ time: v.currentTime, duration: v.duration }), { once: true });
          v.addEventListener('error', () => reject(new Error(`media error ${v.error?.code ?? ''}`)), { once: true });
          v.currentTime = v.duration / 2;
        }),
    );
  }

  /** The value shown beside a label of the details list. */
  detail(label: string): Locator {
    return this.page.getByRole('main').locator('.resource-details > div').filter({ has: this.page.getByRole('term').getByText(label, { exact: true }) }).getByRole('definition');
  }
}
