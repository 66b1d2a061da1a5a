import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { MissingFilePage } from './pages/missing-file.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';

test.use({ viewport: { width: 360, height: 740 } });

/**
 * A plain forwarding proxy that drops Accept-Encoding, as some proxies and
 * small browsers do (Chromium itself always offers gzip and brotli, and keeps
 * its own value even when a test overrides the header). Remembers what the
 * portal answered to each path it forwarded.
 */
async function startIdentityProxy(): Promise<{ url: string; answers: Map<string, { status: number; encoding: string | undefined }>; close: () => Promise<void> }> {
  const answers = new Map<string, { status: number; encoding: string | undefined }>();
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    const headers = { ...req.headers };
    delete headers['accept-encoding'];
    const forward = http.request(target, { method: req.method, headers }, (answer) => {
      answers.set(target.pathname, { status: answer.statusCode ?? 0, encoding: answer.headers['content-encoding'] });
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('the front door', () => {
  test('a phone behind a proxy that asks for no compression opens / and gets the menu', async ({ browser, baseURL }) => {
    const proxy = await startIdentityProxy();
    // Chromium sends loopback addresses around a proxy unless told not to.
    const context = await browser.newContext({ proxy: { server: proxy.url, bypass: '<-loopback>' }, viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await page.goto(new URL('/', baseURL).href);
      await expect(page).toHaveURL(/\/menu$/);
      await expect(new PortalMenuPage(page).heading).toBeVisible();
      expect(proxy.answers.get('/')).toEqual({ status: 200, encoding: undefined });
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  test('a broken link to an image or a script shows a 404 page, not the app', async ({ page }) => {
    const missing = new MissingFilePage(page);
    for (const path of ['/images/foto-que-no-existe.png', '/assets/index-viejo.js', '/images/']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(missing.message, path).toBeVisible();
      await expect(new PortalMenuPage(page).tools, path).toHaveCount(0);
    }
    await missing.backToMenu.click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(new PortalMenuPage(page).heading).toBeVisible();
  });
});
