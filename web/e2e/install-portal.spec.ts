import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers/axe.ts';
import { DownloadPage } from './pages/download.page.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

/*
 * A fresh kit, where no admin has uploaded the group's app yet: its download
 * page offers what works today, the portal itself on the phone's home
 * screen, through the browser's own install prompt where it has one and
 * otherwise through short illustrated steps for the common browsers.
 */

test.use({ viewport: { width: 360, height: 740 } });

let kit: RunningServer;

test.beforeAll(async () => {
  kit = await startServer({ KIT_SEED_DEMO: 'false' });
});

test.afterAll(async () => {
  await kit.stop();
});

/**
 * What Chromium does when a site is installable: a `beforeinstallprompt`
 * event whose prompt() shows the browser's dialog. A test browser never
 * judges 127.0.0.1 installable on its own, so the test plays that part.
 */
async function browserOffersInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
    event.prompt = async () => {
      (window as unknown as { promptShown: number }).promptShown = ((window as unknown as { promptShown?: number }).promptShown ?? 0) + 1;
    };
    event.userChoice = Promise.resolve({ outcome: answer, platform: 'web' });
    window.dispatchEvent(event);
  }, outcome);
}

test('without an app package, the page shows how to add the portal to an Android phone’s home screen', async ({ page }) => {
  const download = new DownloadPage(page);
  await download.goto(kit.baseUrl);
  await expect(download.heading).toBeVisible();
  await expect(download.packageCard).toHaveCount(0);
  await expect(download.installPortal).toBeVisible();
  // the phone of this test is Chrome on Android: its steps are open, illustrated, in Spanish
  const chrome = download.browserSteps('Chrome en Android');
  await expect(chrome).toHaveAttribute('open', '');
  await expect(chrome.getByRole('listitem')).toHaveCount(3);
  await expect(chrome.getByRole('listitem').first()).toContainText('⋮');
  await expect(chrome).toContainText('Agregar a la pantalla principal');
  await expect(chrome.locator('svg')).toHaveCount(3);
  // the other common browsers are one tap away
  for (const name of ['Samsung Internet', 'Firefox', 'iPhone']) {
    const other = download.browserSteps(name);
    await expect(other).not.toHaveAttribute('open', '');
    await other.locator('summary').click();
    await expect(other.getByRole('listitem').first()).toBeVisible();
  }
  // nothing to download, and no install button the browser cannot honour
  await expect(download.installButton).toHaveCount(0);
  await expect(download.installSteps).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('where the browser can install the portal, one button opens its own prompt', async ({ page }) => {
  const download = new DownloadPage(page);
  await download.goto(kit.baseUrl);
  await expect(download.installPortal).toBeVisible();
  await browserOffersInstall(page, 'accepted');
  await expect(download.installButton).toBeVisible();
  await download.installButton.click();
  await expect(download.installPortal.getByRole('status')).toHaveText('Listo: el portal quedó instalado. Ábrelo desde la pantalla de inicio de tu teléfono.');
  expect(await page.evaluate(() => (window as unknown as { promptShown?: number }).promptShown)).toBe(1);
  // the prompt is used up: the button goes, the steps stay for another time
  await expect(download.installButton).toHaveCount(0);
});

test('an install prompt the villager dismisses leaves the steps to do it by hand', async ({ page }) => {
  const download = new DownloadPage(page);
  await download.goto(kit.baseUrl);
  await expect(download.installPortal).toBeVisible();
  await browserOffersInstall(page, 'dismissed');
  await download.installButton.click();
  await expect(download.installButton).toHaveCount(0);
  await expect(download.browserSteps('Chrome en Android').getByRole('listitem')).toHaveCount(3);
});
