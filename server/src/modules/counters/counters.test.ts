import type { FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { APK_BYTES, makeViewers, multipartFile, type Viewers } from '../../../test/portal-helpers.ts';
import { COUNT_ONCE_DEFAULTS, CountOnce, VISITOR_COOKIE } from './count-once.ts';

/*
 * Views, profile views and downloads (modules/counters/count-once.ts): one
 * viewer counts once per thing a day, and only through requests that are not
 * another site's and not an embed such as <img>.
 */

let t: TestApp;
let viewers: Viewers & { ids: { admin: number; user: number; other: number } };
let video = 0;
let videoFile = '';
let packageId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  viewers = await makeViewers(t.app);
  const sha = addMedia(t.app.db, t.dataDir, patternBytes(3000, 9), 'mp4', 'video/mp4');
  videoFile = `${sha}.mp4`;
  video = addResource(t.app.db, { title: 'Cosecha de quinua', type: 3, user: viewers.ids.user, media: sha });
  const body = multipartFile(APK_BYTES, 'portal.apk');
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/v2/admin/extra/app-package?version=1', headers: { ...viewers.admin, ...body.headers }, payload: body.payload });
  packageId = (uploaded.json() as { id: number }).id;
});
afterAll(async () => t.close());

const resourceViews = (): number => {
  t.app.viewCounts.flush();
  return (t.app.db.prepare('SELECT views FROM resources WHERE id = ?').get(video) as { views: number }).views;
};
const resourceDownloads = (): number => (t.app.db.prepare('SELECT downloads FROM resources WHERE id = ?').get(video) as { downloads: number }).downloads;
const profileViews = (): number => (t.app.db.prepare('SELECT profile_views FROM users WHERE id = ?').get(viewers.ids.other) as { profile_views: number }).profile_views;
const packageDownloads = (): number => (t.app.db.prepare('SELECT downloads FROM download_packages WHERE id = ?').get(packageId) as { downloads: number }).downloads;

/** Headers Chromium sends for our page's fetch(), a link the person follows, and an <img> of another site. */
const FETCH = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'x-requested-with': 'XMLHttpRequest' };
const LINK = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

interface Door {
  name: string;
  request: (headers: Record<string, string>, address: string) => InjectOptions;
  count: () => number;
  /** how this door is used by our own page */
  own: Record<string, string>;
}

const DOORS: Door[] = [
  { name: 'a resource page view (GET /api/v2/resource/{id})', request: (headers, remoteAddress) => ({ url: `/api/v2/resource/${video}`, headers, remoteAddress }), count: resourceViews, own: FETCH },
  {
    name: 'a profile view (POST /api/v2/tracking/user/{id}/views)',
    request: (headers, remoteAddress) => ({ method: 'POST', url: `/api/v2/tracking/user/${viewers.ids.other}/views`, headers, remoteAddress }),
    count: profileViews,
    own: FETCH,
  },
  { name: 'a resource download (?download=1)', request: (headers, remoteAddress) => ({ url: `/api/v2/resource/${video}/media?download=1`, headers, remoteAddress }), count: resourceDownloads, own: LINK },
  { name: 'an app package download', request: (headers, remoteAddress) => ({ url: '/api/v2/extra/app-package/file', headers, remoteAddress }), count: packageDownloads, own: LINK },
];

let nextAddress = 1;
const freshAddress = (): string => `10.60.${nextAddress >> 8}.${nextAddress++ & 255}`;
const visitorCookie = (setCookie: string | string[] | undefined): string | null => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith(`${VISITOR_COOKIE}=`));
  return found ?? null;
};

describe.each(DOORS)('$name', (door) => {
  it('counts one anonymous client in a loop once', async () => {
    const before = door.count();
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await t.app.inject(door.request(door.own, address))).statusCode).toBeLessThan(300);
    expect(door.count()).toBe(before + 1);
  });

  it('counts a browser once after it keeps the visitor cookie it was given, and another browser at that address too', async () => {
    const before = door.count();
    const address = freshAddress();
    const first = await t.app.inject(door.request(door.own, address));
    const cookie = visitorCookie(first.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22}$`));
    for (let i = 0; i < 5; i++) await t.app.inject(door.request({ ...door.own, cookie: cookie ?? '' }, address));
    expect(door.count()).toBe(before + 1);
    await t.app.inject(door.request({ ...door.own, cookie: `${VISITOR_COOKIE}=${'b'.repeat(22)}` }, address));
    expect(door.count()).toBe(before + 2);
  });

  it('counts a signed-in person once, from any address', async () => {
    const before = door.count();
    for (let i = 0; i < 5; i++) await t.app.inject(door.request({ ...door.own, ...viewers.admin }, freshAddress()));
    expect(door.count()).toBe(before + 1);
  });

  it('adds at most a few dozen anonymous visitors per address, whatever cookies it makes up', async () => {
    const before = door.count();
    const address = freshAddress();
    for (let i = 0; i < COUNT_ONCE_DEFAULTS.visitorsPerAddress + 20; i++) {
      await t.app.inject(door.request({ ...door.own, cookie: `${VISITOR_COOKIE}=${String(i).padStart(22, 'v')}` }, address));
    }
    expect(door.count()).toBe(before + COUNT_ONCE_DEFAULTS.visitorsPerAddress);
  });

  it.each([
    ['an <img> of another site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
    ['an <img> on a page of the kit itself', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
    ['a frame of another site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }],
    ['a link on another site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
    ['an old browser sent by another site', { referer: 'http://otro.example/pagina' }],
    ['an old browser script of another site', { origin: 'http://otro.example' }],
  ])('does not count %s', async (_what, headers) => {
    const before = door.count();
    const res = await t.app.inject(door.request(headers, freshAddress()));
    expect(res.statusCode === 403 || res.statusCode < 300).toBe(true);
    expect(door.count()).toBe(before);
  });

  it("counts the group's app, which sends no Sec-Fetch headers", async () => {
    const before = door.count();
    await t.app.inject(door.request({ accept: 'application/json' }, freshAddress()));
    expect(door.count()).toBe(before + 1);
  });
});

describe('counting once', () => {
  it('counts a download through the media address and the resource address as the same download', async () => {
    const before = resourceDownloads();
    const address = freshAddress();
    await t.app.inject({ url: `/api/v2/resource/${video}/media?download=1`, headers: LINK, remoteAddress: address });
    await t.app.inject({ url: `/api/media/${videoFile}?download=1`, headers: LINK, remoteAddress: address });
    expect(resourceDownloads()).toBe(before + 1);
  });

  it("still shows a view counted a moment ago on the page that counted it", async () => {
    const res = await t.app.inject({ url: `/api/v2/resource/${video}`, headers: FETCH, remoteAddress: freshAddress() });
    t.app.viewCounts.flush();
    expect(res.json().views).toBe(resourceViews());
  });
});

describe('CountOnce', () => {
  it('counts the same viewer again once the period has passed', () => {
    let now = 5_000_000;
    const counter = new CountOnce({ ...COUNT_ONCE_DEFAULTS, now: () => now });
    const request = { headers: {}, cookies: {}, viewer: { id: 4 }, ip: '10.0.0.4', host: 'portal.kit', protocol: 'http' } as unknown as FastifyRequest;
    const reply = {} as FastifyReply;
    expect(counter.take(request, reply, 'view', 'resource-view', 1)).toBe(true);
    now += COUNT_ONCE_DEFAULTS.periodMs - 1;
    expect(counter.take(request, reply, 'view', 'resource-view', 1)).toBe(false);
    expect(counter.take(request, reply, 'view', 'resource-view', 2)).toBe(true);
    now += 1;
    expect(counter.take(request, reply, 'view', 'resource-view', 1)).toBe(true);
  });
});
