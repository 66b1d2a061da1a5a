import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /resource/{id}: a resource of any type. */
export class ResourcePage extends PortalPage {
  readonly title = this.main.getByRole('heading', { level: 1 });
  readonly video = this.main.locator('video');
  readonly audio = this.main.locator('audio');
  readonly image = this.main.locator('.resource-media--image img');
  readonly pdfPage = this.main.getByTestId('pdf-page');
  readonly pdfText = this.pdfPage.locator('.textLayer');
  readonly pdfCanvas = this.pdfPage.locator('canvas');
  readonly nextPage = this.main.getByRole('button', { name: 'Página siguiente' });
  readonly zoomIn = this.main.getByRole('button', { name: 'Acercar' });
  readonly download = this.main.getByTestId('resource-download');
  readonly details = this.main.getByRole('definition');
  readonly listItems = this.main.locator('.playlist__items').getByRole('link');
  /** to its owner and admins: the status, its reason and what to do next */
  readonly review = this.main.getByTestId('review-notice');

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
    return this.main.locator('.resource-details > div').filter({ has: this.page.getByRole('term').getByText(label, { exact: true }) }).getByRole('definition');
  }
}
