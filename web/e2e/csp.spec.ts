import { expect, test, type Page } from '@playwright/test';
import { demoResourceTitled } from './helpers/demo-resource.ts';
import { MissingFilePage } from './pages/missing-file.page.ts';
import { ResourcePage } from './pages/resource.page.ts';

/*
 * The pages run under the server's Content-Security-Policy (docs/ARCHITECTURE.md,
 * "Ways in"): every page of the app works without a single violation, and a
 * script put into a page (the way an injection would) never runs.
 */

/** Violations and console errors the page reports, from its first script on. */
async function watch(page: Page): Promise<{ violations: string[]; errors: string[] }> {
  const seen = { violations: [] as string[], errors: [] as string[] };
  await page.exposeFunction('__cspViolation', (text: string) => seen.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  return seen;
}

test.describe('the Content-Security-Policy of the pages', () => {
  test('every page answer carries it, with nosniff and a referrer policy', async ({ page }) => {
    for (const path of ['/', '/menu', '/biblioteca', '/sw.js', '/manifest.webmanifest', '/esto/no/existe']) {
      const response = await page.request.get(path);
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("worker-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers()['referrer-policy'], path).toBe('same-origin');
    }
  });

  test('menu, library, search, a PDF read with pdf.js, a video, an audio, a picture and an app run without a violation', async ({ page }) => {
    const seen = await watch(page);
    await page.goto('/menu');
    await expect(page.getByRole('main')).toBeVisible();
    await page.goto('/biblioteca');
    await expect(page.locator('.resource-card').first()).toBeVisible();
    await page.goto('/search?q=agua');
    await expect(page.getByRole('main')).toBeVisible();

    const resource = new ResourcePage(page);
    const pdf = await demoResourceTitled(page.request, 'Primeros auxilios en la comunidad');
    await resource.goto(pdf.id);
    await expect(resource.pdfPage).toHaveAttribute('data-rendered', '1');
    await expect(resource.pdfText).toContainText('jabón');

    const all = (await (await page.request.get('/api/content/all?per_page=60')).json()) as { data: { id: number; type: number }[] };
    for (const type of [3, 4, 1, 5]) {
      const item = all.data.find((r) => r.type === type);
      expect(item, `a demo resource of type ${type}`).toBeDefined();
      await resource.goto(item?.id ?? 0);
      await expect(resource.title).toBeVisible();
      if (type === 3) await expect.poll(() => resource.video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
      if (type === 4) await expect.poll(() => resource.audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
      if (type === 1) await expect.poll(() => resource.image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    }
    expect(seen.violations).toEqual([]);
    expect(seen.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });

  test("the server's 404 page for a missing file of the build is styled, without a violation", async ({ page }) => {
    const seen = await watch(page);
    const missing = new MissingFilePage(page);
    const response = await page.goto('/assets/no-existe.js');
    expect(response?.status()).toBe(404);
    await expect(missing.message).toBeVisible();
    // Its own style applied: the portal's font and colour, not the browser's serif black.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('system-ui');
    await expect(page.getByRole('heading', { name: '404' })).toHaveCSS('color', 'rgb(15, 118, 110)');
    expect(seen.violations).toEqual([]);
    expect(seen.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });

  test('a script put into the page does not run, and the page says why', async ({ page }) => {
    const seen = await watch(page);
    await page.goto('/menu');
    await expect(page.getByRole('main')).toBeVisible();
    const ran = await page.evaluate(async () => {
      const w = window as unknown as Record<string, unknown>;
      const inline = document.createElement('script');
      inline.textContent = 'window.__injected = true';
      document.body.append(inline);
      const handler = document.createElement('img');
      handler.setAttribute('onerror', 'window.__handler = true');
      const failed = new Promise((resolve) => handler.addEventListener('error', resolve));
      handler.src = 'data:image/png;base64,AAAA';
      document.body.append(handler);
      await failed;
      let evaluated: boolean;
      try {
        evaluated = (0, eval)('true') === true;
      } catch {
        evaluated = false;
      }
      return { inline: w.__injected === true, handler: w.__handler === true, evaluated };
    });
    expect(ran).toEqual({ inline: false, handler: false, evaluated: false });
    await expect.poll(() => seen.violations.filter((v) => v.startsWith('script-src')).length).toBeGreaterThanOrEqual(3);
  });
});
