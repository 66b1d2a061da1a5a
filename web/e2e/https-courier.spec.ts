import { X509Certificate } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, devices, expect, test, type Browser, type BrowserContext, type Page, type Response, type Route } from '@playwright/test';
import { acmeEnv, kitAcmeEnv, startPebble, type Pebble } from '../../server/test/pebble.ts';
import { adminToken, ageHubOrders, authHeaders, selfSignedTls, servedCertificate, spkiHash, trust } from './helpers/acme-kits.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './helpers/chromium.ts';
import { kitScripts, type KitScripts } from './helpers/kit-scripts.ts';
import { freePort, startServer, type RunningServer } from './helpers/server.ts';

/*
 * A kit that never reaches its hub gets its certificate, and renews it, from
 * what a villager's phone carries (docs/HTTPS.md and docs/SYNC.md, "Carried
 * by phones"): pebble is the CA, the hub and the kit are separate server
 * processes, and the phone is chromium running the built app.
 *
 * The kit can never reach the hub: its upload address names centro.kits.test,
 * which no DNS the kit's process asks knows. Only the phone's browser maps it
 * to the hub (--host-resolver-rules, as mobile data reaches the internet).
 * Where the phone is, is played by routes on its browser context alone: on
 * the kit's Wi-Fi the hub does not answer, on the internet the kit does not.
 */

const DOMAIN = 'kits.test';
const LOCAL_NAME = 'biblioteca.aldea';
const NAME = `biblioteca-aldea.${DOMAIN}`;
const HUB_NAME = `centro.${DOMAIN}`;
/** pebble's certificates last 2 hours, so the kit's clock moved 85 minutes finds the renewal due (a third of the life left). */
const VALIDITY_S = 2 * 3600;
const RENEWAL_DUE_OFFSET_MS = (VALIDITY_S * 2_000) / 3 + 5 * 60_000;
const DAY_MS = 24 * 3600_000;
const MOVED_CLOCK = path.resolve(import.meta.dirname, '../../server/test/moved-clock.ts');
const COURIER_PATH = '/api/v2/sync/courier';
/** The courier starts in idle time, at most 10 s after the page loaded; the hub waits up to 20 s for its CA. */
const COURIER_WAIT_MS = 60_000;

const { defaultBrowserType: _browserType, ...PHONE } = devices['Pixel 7'];

interface Envelope {
  payload: string;
}
interface Hold {
  report: Envelope | null;
  reportId: string | null;
  answer: Envelope | null;
}
interface Answer {
  state: string;
  name: string | null;
}

const isKit = (url: URL) => url.hostname === LOCAL_NAME || url.hostname === NAME;
const isHub = (url: URL) => url.hostname === HUB_NAME;
const unreachable = (route: Route) => route.abort('addressunreachable');
const courierCall = (method: string) => (r: Response) => isKit(new URL(r.url())) && new URL(r.url()).pathname === COURIER_PATH && r.request().method() === method;
const hubPost = (r: Response) => isHub(new URL(r.url())) && r.request().method() === 'POST';
const answerOf = (envelope: Envelope | null): Answer | null => (envelope ? (JSON.parse(envelope.payload) as Answer) : null);
const requestOf = (envelope: Envelope | null) => (envelope ? (JSON.parse(envelope.payload) as { certificate?: { label: string; csr: string | null } }).certificate : undefined);

/** What the phone carries for the page's origin, as the app keeps it in IndexedDB (web/src/offline/courier.ts). */
function held(page: Page): Promise<Hold | null> {
  return page.evaluate(
    () =>
      new Promise<Hold | null>((resolve) => {
        const open = indexedDB.open('kit-portal');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const store = open.result;
          if (!store.objectStoreNames.contains('meta')) {
            store.close();
            resolve(null);
            return;
          }
          const get = store.transaction('meta').objectStore('meta').get(`courier:${location.origin}`);
          get.onsuccess = () => {
            store.close();
            resolve(((get.result as { value?: Hold } | undefined)?.value ?? null) as Hold | null);
          };
        };
      }),
  );
}

/** The villager's phone, trusting pebble's root (as phones trust the public CAs) and the hub's own certificate. */
class CourierPhone {
  readonly context: BrowserContext;
  readonly page: Page;

  private constructor(context: BrowserContext, page: Page) {
    this.context = context;
    this.page = page;
  }

  static async open(browser: Browser): Promise<CourierPhone> {
    // No service worker: Playwright's routes, which say where the phone is, do not see a worker's own requests.
    const context = await browser.newContext({ ...PHONE, locale: 'es-PE', serviceWorkers: 'block' });
    return new CourierPhone(context, await context.newPage());
  }

  /** On the kit's Wi-Fi (no internet): opens URL, and the app hands the kit any answer held and takes its report. */
  async visitKit(url: string, opts: { handing?: boolean } = {}): Promise<{ report: Envelope; handed: { status: number; body: { state?: string } } | null }> {
    await this.context.unroute(isKit);
    await this.context.route(isHub, unreachable);
    const took = this.page.waitForResponse(courierCall('GET'), { timeout: COURIER_WAIT_MS });
    const handed = opts.handing ? this.page.waitForResponse(courierCall('POST'), { timeout: COURIER_WAIT_MS }) : null;
    await this.page.goto(url);
    const taken = await took;
    expect(taken.status()).toBe(200);
    const { report } = (await taken.json()) as { report: Envelope };
    const answer = handed ? await handed : null;
    // The round is over once the phone holds that report (its post to the hub failed: no internet here).
    const reportId = (JSON.parse(report.payload) as { reportId: string }).reportId;
    await expect.poll(async () => (await held(this.page))?.reportId, { timeout: COURIER_WAIT_MS }).toBe(reportId);
    return { report, handed: answer ? { status: answer.status(), body: (await answer.json()) as { state?: string } } : null };
  }

  /**
   * Away from the kit with internet: the open page goes `online`, and the app posts the report it holds to the
   * hub and keeps the answer; again while the hub answers "pending" (its CA still working).
   */
  async carryToHub(): Promise<Answer> {
    await this.context.unroute(isHub);
    await this.context.route(isKit, unreachable);
    for (let post = 0; post < 10; post++) {
      const posted = this.page.waitForResponse(hubPost, { timeout: COURIER_WAIT_MS });
      await this.context.setOffline(true);
      await this.context.setOffline(false);
      const response = await posted;
      expect(response.status()).toBe(201);
      const answer = answerOf(((await response.json()) as { certificate: Envelope }).certificate);
      await expect.poll(async () => answerOf((await held(this.page))?.answer ?? null), { timeout: COURIER_WAIT_MS }).toEqual(answer);
      if (answer?.state !== 'pending') return answer!;
    }
    throw new Error('the hub never answered other than "pending"');
  }
}

test.describe('phones carry a kit’s certificate from a hub the kit never reaches', () => {
  test.describe.configure({ timeout: 480_000 });

  let pebble: Pebble;
  let hub: RunningServer;
  let kit: RunningServer;
  let scripts: KitScripts;
  let kitDataDir: string;
  let hubTls: { dir: string; cert: string };
  let hubUploadUrl: string;
  let kitPort: number;
  let httpsPort: number;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    pebble = await startPebble({ validitySeconds: VALIDITY_S });
    scripts = kitScripts();
    kitDataDir = mkdtempSync(path.join(tmpdir(), 'kit-e2e-courier-'));
    // The hub is on the internet with a certificate of its own: a page the kit serves over HTTPS may post only to an https:// hub.
    hubTls = selfSignedTls(HUB_NAME);
    const hubHttpsPort = await freePort();
    hub = await startServer({ ...acmeEnv(pebble, DOMAIN), KIT_HTTPS_PORT: String(hubHttpsPort), KIT_SEED_DEMO: 'false' }, { prepare: (dir) => cpSync(hubTls.dir, path.join(dir, 'tls'), { recursive: true }) });
    hubUploadUrl = `https://${HUB_NAME}:${hubHttpsPort}/api/v2/sync/reports`;
    [kitPort, httpsPort] = [await freePort(), await freePort()];
    kit = await startKit();
  });

  test.afterAll(async () => {
    await Promise.all([hub?.stop(), kit?.stop()]);
    await pebble?.stop();
    scripts?.remove();
    for (const dir of [kitDataDir, hubTls?.dir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The kit (a Raspberry Pi: its clock unconfirmed at boot), on the same data folder and ports at every start; CLOCK_OFFSET_MS moves its clock. */
  async function startKit(clockOffsetMs = 0): Promise<RunningServer> {
    return startServer(
      {
        ...(await kitAcmeEnv(pebble)),
        KIT_IS_KIT: 'true',
        KIT_SCRIPTS_DIR: scripts.dir,
        KIT_HOSTNAME: LOCAL_NAME,
        KIT_HTTPS_PORT: String(httpsPort),
        KIT_SEED_DEMO: 'false',
        KIT_SYNC_UPLOAD_URL: hubUploadUrl,
        KIT_SYNC_INTERVAL_HOURS: '0',
        ...(clockOffsetMs !== 0 ? { NODE_OPTIONS: `--import=${MOVED_CLOCK}`, KIT_TEST_CLOCK_OFFSET_MS: String(clockOffsetMs) } : {}),
      },
      { port: kitPort, dataDir: kitDataDir },
    );
  }

  test('the phone brings the kit its name, then its certificate, then its renewal; the kit serves them and redirects once its clock is confirmed', async () => {
    const [hubToken, kitToken] = [await adminToken(hub), await adminToken(kit)];
    await trust(hub, hubToken, kit, kitToken);
    await trust(kit, kitToken, hub, hubToken);
    // The kit itself cannot reach its hub: "Sincronizar ahora" fails.
    const syncJob = async () => ((await (await fetch(`${kit.baseUrl}/api/v2/admin/sync/status`, { headers: authHeaders(kitToken) })).json()) as { job: { state: string } | null }).job?.state;
    expect((await fetch(`${kit.baseUrl}/api/v2/admin/sync/now`, { method: 'POST', headers: authHeaders(kitToken), body: '{}' })).status).toBe(202);
    await expect.poll(syncJob, { timeout: COURIER_WAIT_MS }).toBe('failed');
    const kitHttp = `http://${LOCAL_NAME}:${kitPort}`;
    const [root, intermediate] = [await pebble.root(), await pebble.intermediate()];
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        // The kit's Wi-Fi DNS answers the kit's names; the phone's mobile data finds the hub.
        `--host-resolver-rules=MAP ${NAME} 127.0.0.1, MAP ${LOCAL_NAME} 127.0.0.1, MAP ${HUB_NAME} 127.0.0.1`,
        `--ignore-certificate-errors-spki-list=${spkiHash(root)},${spkiHash(intermediate)},${spkiHash(hubTls.cert)}`,
      ],
    });
    try {
      const phone = await CourierPhone.open(browser);

      // The first certificate takes three visits to the kit and two trips online: the first report has only the
      // label, the hub's answer gives the name, and the phone that hands it over takes, in that visit, the report
      // with the kit's request for that name.
      const first = await phone.visitKit(`${kitHttp}/menu`);
      expect(requestOf(first.report)).toEqual({ label: 'biblioteca-aldea', csr: null });
      expect(await phone.carryToHub()).toMatchObject({ state: 'name-needed', name: NAME });
      expect(await held(phone.page)).toMatchObject({ report: null });

      const named = await phone.visitKit(`${kitHttp}/menu`, { handing: true });
      expect(named.handed).toEqual({ status: 200, body: { state: 'name-needed' } });
      expect(await held(phone.page)).toMatchObject({ answer: null });
      expect(requestOf(named.report)?.csr).toMatch(/BEGIN CERTIFICATE REQUEST/);
      expect(await phone.carryToHub()).toMatchObject({ state: 'issued', name: NAME });

      const installed = await phone.visitKit(`${kitHttp}/menu`, { handing: true });
      expect(installed.handed).toEqual({ status: 200, body: { state: 'issued' } });

      // The kit serves pebble's certificate for its name at once.
      const served = await servedCertificate(httpsPort, NAME);
      expect(served.subjectAltName).toBe(`DNS:${NAME}`);
      expect(served.issuer).toMatch(/Pebble Intermediate CA/);
      expect(served.checkIssued(new X509Certificate(intermediate))).toBe(true);

      // A carried answer does not tell the time (it may be days old): until someone confirms the kit's clock, phones stay on plain HTTP.
      await phone.page.goto(`${kitHttp}/menu`);
      await expect(phone.page).toHaveURL(`${kitHttp}/menu`);
      const clock = await fetch(`${kit.baseUrl}/api/v2/admin/device/clock`, { method: 'PUT', headers: authHeaders(kitToken), body: JSON.stringify({ now: new Date().toISOString() }) });
      expect(clock.status).toBe(200);
      await phone.page.goto(`${kitHttp}/menu`);
      await expect(phone.page).toHaveURL(`https://${NAME}:${httpsPort}/menu`);

      const courier = async () => ((await (await fetch(`${kit.baseUrl}/api/v2/admin/sync/status`, { headers: authHeaders(kitToken) })).json()) as { courier: unknown }).courier;
      expect(await courier()).toMatchObject({ takenBy: 1, answeredBy: 1, outcome: { ok: true, state: 'issued' } });

      // Renewal: the kit comes back after 85 minutes of its 2-hour certificate (a third of the life left), in the
      // same boot (its clock stays confirmed); the hub's last order for it a day ago (it orders at most once a day).
      ageHubOrders(hub, DAY_MS + 60 * 60_000);
      await kit.stop();
      kit = await startKit(RENEWAL_DUE_OFFSET_MS);
      // The kit answers on plain HTTP before its HTTPS listener is up, and redirects only once it is.
      const listening = async () => ((await (await fetch(`${kit.baseUrl}/api/v2/admin/device/status`, { headers: authHeaders(kitToken) })).json()) as { https: { listening: boolean } }).https.listening;
      await expect.poll(listening, { timeout: COURIER_WAIT_MS }).toBe(true);
      // The phone opens the kit by its local name and is sent to HTTPS, where the app takes the renewal request:
      // one visit to take it, one trip online, one visit to hand the certificate.
      const renewing = await phone.visitKit(`${kitHttp}/menu`);
      expect(phone.page.url()).toBe(`https://${NAME}:${httpsPort}/menu`);
      expect(requestOf(renewing.report)?.csr).toMatch(/BEGIN CERTIFICATE REQUEST/);
      expect(await phone.carryToHub()).toMatchObject({ state: 'issued', name: NAME });
      const renewed = await phone.visitKit(`https://${NAME}:${httpsPort}/menu`, { handing: true });
      expect(renewed.handed).toEqual({ status: 200, body: { state: 'issued' } });

      const next = await servedCertificate(httpsPort, NAME);
      expect(next.serialNumber).not.toBe(served.serialNumber);
      expect(next.subjectAltName).toBe(`DNS:${NAME}`);
      expect(next.issuer).toMatch(/Pebble Intermediate CA/);
      await phone.context.close();
    } finally {
      await browser.close();
    }
  });
});
