import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, devices, expect, test, type Browser, type BrowserContextOptions } from '@playwright/test';
import { CHROMIUM_PATH } from './helpers/chromium.ts';
import { freePort, startServer } from './helpers/server.ts';
import { demoResourceTitled } from './helpers/demo-resource.ts';
import { KitApi } from './helpers/kit-api.ts';
import { SocialApi } from './helpers/social-api.ts';
import { OfflinePage } from './pages/offline.page.ts';
import { PortalMenuPage } from './pages/portal-menu.page.ts';
import { ResourcePage } from './pages/resource.page.ts';
import { SocialPanel } from './pages/social.page.ts';

/*
 * docs/PRODUCT.md#offline / docs/HTTPS.md: a phone reaching the kit by its name over plain
 * HTTP is not a secure context, so no service worker can run; over HTTPS with
 * a certificate it trusts, one does. Each test launches its own chromium,
 * resolving the kit's name (portal.kit) to this machine.
 */

const KIT_NAME = 'portal.kit';
const VIDEO = 'Alfabetización digital: el celular';

// The context the config gives every test, without the browser choice newContext does not take.
const { defaultBrowserType: _browserType, ...PHONE } = devices['Pixel 7'];
const phone: BrowserContextOptions = { ...PHONE, locale: 'es-PE' };

function launch(extraArgs: string[]): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--host-resolver-rules=MAP ${KIT_NAME} 127.0.0.1`, ...extraArgs],
  });
}

test.describe('plain HTTP by the kit name (no secure context)', () => {
  test('no service worker, no worker errors, and "Descargar al teléfono" downloads the file', async ({ request }) => {
    // API look-ups from the test go to 127.0.0.1 (the test's own resolver does not know the kit's name).
    const video = await demoResourceTitled(request, VIDEO);
    const port = new URL(process.env.E2E_BASE_URL ?? '').port;
    const browser = await launch([]);
    try {
      const context = await browser.newContext({ ...phone, baseURL: `http://${KIT_NAME}:${port}`, acceptDownloads: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));

      await new PortalMenuPage(page).goto();
      await expect(new PortalMenuPage(page).toolLink('Biblioteca')).toBeVisible();
      expect(await page.evaluate(() => ({ secure: window.isSecureContext, sw: 'serviceWorker' in navigator }))).toEqual({
        secure: false,
        sw: false,
      });

      const offline = new OfflinePage(page);
      await page.goto(`/resource/${video.id}`);
      await expect(offline.downloadToPhone).toBeVisible();
      // Nothing that needs a service worker is offered.
      await expect(offline.save).toHaveCount(0);
      await expect(offline.savedLink).toHaveCount(0);

      const [download] = await Promise.all([page.waitForEvent('download'), offline.downloadToPhone.click()]);
      expect(download.suggestedFilename()).toMatch(/\.mp4$/);
      const file = await download.path();
      const served = await request.get(video.mediaUrl ?? '');
      expect(statSync(file).size).toBe((await served.body()).length);

      expect(errors.filter((text) => /service.?worker|sw\.js|workbox/i.test(text))).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

test.describe('plain HTTP by the kit name: writes', () => {
  // It starts a browser of its own and a new account before the page: on a busy machine that alone nears 30 s.
  test.describe.configure({ timeout: 60_000 });

  test('a villager comments on a resource (the outbox makes its keys without crypto.randomUUID)', async () => {
    const kit = await KitApi.open();
    const server = await SocialApi.open();
    const user = await kit.createUser('http', { completeProfile: true });
    const resource = await server.demoResource(2);
    const port = new URL(process.env.E2E_BASE_URL ?? '').port;
    const origin = `http://${KIT_NAME}:${port}`;
    const browser = await launch([]);
    try {
      const context = await browser.newContext({ ...phone, baseURL: origin });
      await context.addCookies([
        { name: 'kp_token', value: user.token, url: origin, httpOnly: true, sameSite: 'Lax' },
        { name: `kp_onboarding_${user.id}`, value: '1', url: origin },
      ]);
      const page = await context.newPage();
      await new ResourcePage(page).goto(resource.id);
      expect(await page.evaluate(() => ({ secure: window.isSecureContext, randomUUID: typeof crypto.randomUUID }))).toEqual({ secure: false, randomUUID: 'undefined' });
      const social = new SocialPanel(page);
      const text = `Desde el Wi-Fi del kit ${Date.now()}`;
      await social.comment(text);
      await expect(social.sentComments.filter({ hasText: text })).toHaveCount(1);
      const mine = (await server.comments(resource.id)).filter((comment) => comment.user?.id === user.id);
      expect(mine.map((comment) => comment.comment)).toEqual([text]);
      await context.close();
    } finally {
      await browser.close();
      await server.close();
      await kit.close();
    }
  });
});

test.describe('HTTPS with a certificate the phone trusts', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the service worker registers and controls the page', async () => {
    const tlsDir = mkdtempSync(path.join(tmpdir(), 'kit-e2e-tls-'));
    const made = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-keyout', path.join(tlsDir, 'key.pem'), '-out', path.join(tlsDir, 'cert.pem'),
      '-subj', `/CN=${KIT_NAME}`, '-addext', `subjectAltName=DNS:${KIT_NAME}`,
    ], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    // Trust: chromium's --ignore-certificate-errors-spki-list accepts exactly this key (base64 SHA-256 of its
    // SubjectPublicKeyInfo) as if a trusted CA had signed it, so the page is a secure context without a warning.
    const spki = new X509Certificate(readFileSync(path.join(tlsDir, 'cert.pem'))).publicKey.export({ type: 'spki', format: 'der' });
    const spkiHash = createHash('sha256').update(spki).digest('base64');

    const httpsPort = await freePort();
    const server = await startServer(
      { KIT_HTTPS_PORT: String(httpsPort), KIT_SEED_DEMO: 'false' },
      { prepare: (dataDir) => cpSync(tlsDir, path.join(dataDir, 'tls'), { recursive: true }) },
    );
    rmSync(tlsDir, { recursive: true, force: true });
    const browser = await launch([`--ignore-certificate-errors-spki-list=${spkiHash}`]);
    try {
      const context = await browser.newContext({ ...phone, baseURL: `https://${KIT_NAME}:${httpsPort}` });
      const page = await context.newPage();
      await expect.poll(async () => (await page.goto('/menu').catch(() => null))?.status() ?? 0, { timeout: 20_000 }).toBe(200);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(
        `https://${KIT_NAME}:${httpsPort}/sw.js`,
      );
      await context.close();
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});
