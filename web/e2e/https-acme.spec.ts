import { X509Certificate } from 'node:crypto';
import { chromium, devices, expect, test, type BrowserContextOptions, type Response } from '@playwright/test';
import { acmeEnv, kitAcmeEnv, startPebble, type Pebble } from '../../server/test/pebble.ts';
import { adminToken, authHeaders, spkiHash, trust } from './helpers/acme-kits.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './helpers/chromium.ts';
import { freePort, startServer, type RunningServer } from './helpers/server.ts';
import { OfflinePage } from './pages/offline.page.ts';
import { ResourcePage } from './pages/resource.page.ts';

/*
 * HTTPS that sets itself up (docs/HTTPS.md), as a villager's phone meets it:
 * a kit syncs with a hub that has an ACME account (Debian's pebble here) and
 * gets a certificate for its name without anyone touching it. A phone that
 * trusts the CA's root (as every phone trusts the public CAs) opens the kit
 * by that name, gets the service worker, saves a video and plays it with the
 * network cut.
 */

const DOMAIN = 'kits.test';
const LOCAL_NAME = 'biblioteca.aldea';
const NAME = `biblioteca-aldea.${DOMAIN}`;
const VIDEO = 'Alfabetización digital: el celular';

const { defaultBrowserType: _browserType, ...PHONE } = devices['Pixel 7'];
const phone: BrowserContextOptions = { ...PHONE, locale: 'es-PE' };

test.describe('a kit that syncs with a hub gets a certificate phones trust, and the offline app', () => {
  test.describe.configure({ timeout: 300_000 });

  let pebble: Pebble;
  let hub: RunningServer;
  let kit: RunningServer;
  let httpsPort: number;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    pebble = await startPebble();
    httpsPort = await freePort();
    hub = await startServer({ ...acmeEnv(pebble, DOMAIN), KIT_SEED_DEMO: 'false' });
    // The kit with the demo library, its local name, HTTPS on a port of its own, reporting to the hub.
    kit = await startServer({ ...(await kitAcmeEnv(pebble)), KIT_HOSTNAME: LOCAL_NAME, KIT_HTTPS_PORT: String(httpsPort), KIT_SEED_DEMO: 'true', KIT_SYNC_UPLOAD_URL: `${hub.baseUrl}/api/v2/sync/reports`, KIT_SYNC_INTERVAL_HOURS: '0' });
  });

  test.afterAll(async () => {
    await Promise.all([hub?.stop(), kit?.stop()]);
    await pebble?.stop();
  });

  test('syncs, serves HTTPS for its name with the CA’s chain without a restart; the phone saves a video and plays it offline', async () => {
    const [hubToken, kitToken] = [await adminToken(hub), await adminToken(kit)];
    await trust(hub, hubToken, kit, kitToken);
    await trust(kit, kitToken, hub, hubToken);

    // "Sincronizar ahora" until the kit serves its certificate (the hub may answer "pending" while the CA works).
    const phoneMode = async () =>
      (await (await fetch(`${kit.baseUrl}/api/v2/admin/phone-mode`, { headers: authHeaders(kitToken) })).json()) as { mode: string; https: { name: string | null; certificate: { issuer: string } | null } };
    expect(await phoneMode()).toMatchObject({ mode: 'basic', https: { certificate: null } });
    await expect
      .poll(
        async () => {
          const started = await fetch(`${kit.baseUrl}/api/v2/admin/sync/now`, { method: 'POST', headers: authHeaders(kitToken), body: '{}' });
          expect(started.status).toBe(202);
          for (let i = 0; i < 600; i++) {
            const { job } = (await (await fetch(`${kit.baseUrl}/api/v2/admin/sync/status`, { headers: authHeaders(kitToken) })).json()) as { job: { state: string } };
            if (job.state !== 'running') break;
            await new Promise((r) => setTimeout(r, 100));
          }
          return (await phoneMode()).mode;
        },
        { timeout: 180_000, intervals: [0] },
      )
      .toBe('offline');
    expect((await phoneMode()).https).toMatchObject({ name: NAME, certificate: { issuer: expect.stringMatching(/Pebble Intermediate CA/) } });

    // The phone trusts pebble's CA, as phones trust the public CAs. Chromium's SPKI list is matched against the
    // chain the server sends (the certificate and pebble's intermediate, not the root), so it names the root's
    // and the intermediate's keys: every certificate pebble issues is accepted, nothing else.
    const [root, intermediate] = [await pebble.root(), await pebble.intermediate()];
    expect(new X509Certificate(intermediate).checkIssued(new X509Certificate(root))).toBe(true);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        // The kit's Wi-Fi DNS answers every name with the kit.
        `--host-resolver-rules=MAP ${NAME} 127.0.0.1, MAP ${LOCAL_NAME} 127.0.0.1`,
        `--ignore-certificate-errors-spki-list=${spkiHash(root)},${spkiHash(intermediate)}`,
      ],
    });
    try {
      const context = await browser.newContext({ ...phone, baseURL: `https://${NAME}:${httpsPort}` });
      const page = await context.newPage();

      // The captive portal's plain-HTTP address sends the phone to HTTPS on the kit's new name.
      const httpPort = new URL(kit.baseUrl).port;
      await page.goto(`http://${LOCAL_NAME}:${httpPort}/menu`);
      await expect(page).toHaveURL(`https://${NAME}:${httpsPort}/menu`);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`https://${NAME}:${httpsPort}/sw.js`);

      // Save the video for offline use.
      const { data } = (await (await fetch(`${kit.baseUrl}/api/content/all?per_page=60`)).json()) as { data: { id: number; title: string; mediaUrl: string | null }[] };
      const video = data.find((r) => r.title === VIDEO);
      expect(video).toBeDefined();
      const resource = new ResourcePage(page);
      const offline = new OfflinePage(page);
      await resource.goto(video!.id);
      await offline.save.click();
      await expect(offline.saved).toBeVisible({ timeout: 60_000 });

      // The network is cut: the saved video still plays, its bytes answered by the service worker.
      await context.setOffline(true);
      const fromWorker: Response[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith(video!.mediaUrl ?? '-') && response.fromServiceWorker() && response.status() === 206) fromWorker.push(response);
      });
      await resource.goto(video!.id);
      await expect(resource.title).toHaveText(VIDEO);
      const played = await resource.video.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<{ time: number; duration: number }>((resolve, reject) => {
            v.muted = true;
            v.addEventListener('timeupdate', function onTime() {
              if (v.currentTime > 0.2) {
                v.removeEventListener('timeupdate', onTime);
                v.pause();
                resolve({ time: v.currentTime, duration: v.duration });
              }
            });
            v.addEventListener('error', () => reject(new Error(`media error ${v.error?.code ?? ''}`)), { once: true });
            void v.play().catch(reject);
          }),
      );
      expect(played.duration).toBeGreaterThan(1);
      expect(played.time).toBeGreaterThan(0.2);
      expect(fromWorker.length).toBeGreaterThan(0);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
