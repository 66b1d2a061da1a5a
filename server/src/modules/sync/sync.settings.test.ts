/**
 * The hub an admin sets on /admin/sync (docs/SYNC.md "Hub sync"): the
 * environment's values until then, checked as KIT_SYNC_* are, used by the
 * schedule and the next job without a restart; and a network the kit gains
 * starts a sync against a real hub (another kit in this process, serving its
 * published feed over HTTP).
 */
import type os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, pollFor, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { makeViewers, type Viewers } from '../../../test/portal-helpers.ts';

type Interfaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;
interface HubStatus {
  feedUrl: string | null;
  uploadUrl: string | null;
  intervalHours: number;
  nextSyncAt: string | null;
}
interface Status {
  kit: { publicKey: string };
  job: { id: number; kind: string; state: string; errorCode: string | null; report: { added: number } | null } | null;
  hub: HubStatus;
}

// Where nothing listens: the kit's first sync, at its start, fails at once.
const ENV_FEED = 'http://127.0.0.1:9/hub/feed.json';
const HOUR_MS = 3600_000;
const address = (addr: string, family: 'IPv4' | 'IPv6' = 'IPv4', internal = false): os.NetworkInterfaceInfo =>
  ({ address: addr, family, internal, netmask: family === 'IPv4' ? '255.255.255.0' : 'ffff:ffff:ffff:ffff::', mac: '00:00:00:00:00:00', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as os.NetworkInterfaceInfo;
// The kit before any cable: loopback and its own hotspot.
const ALONE: Interfaces = { lo: [address('127.0.0.1', 'IPv4', true)], wlan0: [address('10.42.0.1'), address('fe80::1', 'IPv6')] };

let hub: TestApp;
let hubAdmin: Record<string, string>;
let hubBase: string;
let kit: TestApp;
let viewers: Viewers;
let interfaces: Interfaces = ALONE;
let looks = 0;

const status = async (t: TestApp, headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers })).json() as Status;
const put = (headers: Record<string, string>, payload: object) => kit.app.inject({ method: 'PUT', url: '/api/v2/admin/sync/settings', headers, payload });
const finishedJob = (t: TestApp, headers: Record<string, string>, after: number) =>
  pollFor('el trabajo de sincronización', 60, async () => {
    const { job } = await status(t, headers);
    return job && job.id > after && job.state !== 'running' ? job : null;
  });
const expectNear = (iso: string | null, at: number) => expect(Math.abs(Date.parse(iso ?? '') - at)).toBeLessThan(60_000);

beforeAll(async () => {
  // The hub: a kit with one published video and its feed, listening on loopback.
  hub = await buildTestApp();
  hubAdmin = (await makeViewers(hub.app)).admin;
  const category = addCategory(hub.app.db, 'Apicultura');
  addResource(hub.app.db, { title: 'Colmenas en el valle', type: 3, category, media: addMedia(hub.app.db, hub.dataDir, patternBytes(200_000, 4), 'mp4', 'video/mp4') });
  await hub.app.listen({ port: 0, host: '127.0.0.1' });
  hubBase = `http://127.0.0.1:${(hub.app.server.address() as AddressInfo).port}`;
  await hub.app.inject({ method: 'POST', url: '/api/v2/admin/sync/publish', headers: hubAdmin });
  expect(await finishedJob(hub, hubAdmin, 0)).toMatchObject({ state: 'done' });

  // The kit: its hub address from the environment, its interfaces from this file.
  kit = await buildTestApp(
    { KIT_SYNC_FEED_URL: ENV_FEED },
    {
      sync: {
        listInterfaces: () => {
          looks++;
          return interfaces;
        },
        networkPollMs: 20,
      },
    },
  );
  viewers = await makeViewers(kit.app);
  // Each trusts the other: the kit the hub's packs, the hub the kit's reports.
  const trust = async (t: TestApp, headers: Record<string, string>, publicKey: string, label: string) =>
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/admin/sync/keys', headers, payload: { publicKey, label } })).statusCode).toBe(201);
  await trust(kit, viewers.admin, (await status(hub, hubAdmin)).kit.publicKey, 'Centro');
  await trust(hub, hubAdmin, (await status(kit, viewers.admin)).kit.publicKey, 'Kit del valle');
}, 120_000);

afterAll(async () => {
  await kit?.close();
  await hub?.close();
});

describe('PUT /api/v2/admin/sync/settings', () => {
  it('starts from the environment, every 6 hours by default: a kit that never synced syncs as it starts, and tries a hub that did not answer again within the hour', async () => {
    expect(await finishedJob(kit, viewers.admin, 0)).toMatchObject({ kind: 'pull', state: 'failed', errorCode: 'SYNC_HUB_UNREACHABLE' });
    const { hub: hubStatus } = await status(kit, viewers.admin);
    expect(hubStatus).toMatchObject({ feedUrl: ENV_FEED, uploadUrl: null, intervalHours: 6 });
    expectNear(hubStatus.nextSyncAt, Date.now() + HOUR_MS);
  });

  it('is for admins only', async () => {
    const body = { feedUrl: `${hubBase}/hub/feed.json`, uploadUrl: null, intervalHours: 1 };
    expect((await put(viewers.anonymous, body)).statusCode).toBe(401);
    expect((await put(viewers.user, body)).statusCode).toBe(403);
    expect((await status(kit, viewers.admin)).hub.feedUrl).toBe(ENV_FEED);
  });

  it.each([
    ['a feed address that is not http(s)', { feedUrl: 'ftp://centro.example/feed.json', uploadUrl: null, intervalHours: 6 }, 'SYNC_URL_INVALID', 'body.feedUrl'],
    ['an upload address with a space', { feedUrl: null, uploadUrl: 'http://centro.example/api/v2/sync/ reports', intervalHours: 6 }, 'SYNC_URL_INVALID', 'body.uploadUrl'],
    ['an interval over 720 hours', { feedUrl: 'http://centro.example/hub/feed.json', uploadUrl: null, intervalHours: 721 }, 'SYNC_INTERVAL_INVALID', 'body.intervalHours'],
    ['a negative interval', { feedUrl: null, uploadUrl: null, intervalHours: -1 }, 'SYNC_INTERVAL_INVALID', 'body.intervalHours'],
    ['an interval that is not whole', { feedUrl: null, uploadUrl: null, intervalHours: 1.5 }, 'SYNC_INTERVAL_INVALID', 'body.intervalHours'],
  ])('refuses %s with a Spanish message and changes nothing', async (_, body, code, field) => {
    const res = await put(viewers.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, data: { field }, message: expect.stringMatching(/^(La dirección|El intervalo)/) });
    expect((await status(kit, viewers.admin)).hub).toMatchObject({ feedUrl: ENV_FEED, uploadUrl: null, intervalHours: 6 });
  });

  it('takes an empty address as none, and re-arms the schedule at once', async () => {
    const saved = await put(viewers.admin, { feedUrl: '  ', uploadUrl: `${hubBase}/api/v2/sync/reports`, intervalHours: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ feedUrl: null, uploadUrl: `${hubBase}/api/v2/sync/reports`, intervalHours: 2 });
    const { hub: hubStatus } = await status(kit, viewers.admin);
    expect(hubStatus).toMatchObject({ feedUrl: null, uploadUrl: `${hubBase}/api/v2/sync/reports`, intervalHours: 2 });
    // Still counted from the failed first sync.
    expectNear(hubStatus.nextSyncAt, Date.now() + HOUR_MS);

    expect((await put(viewers.admin, { feedUrl: null, uploadUrl: `${hubBase}/api/v2/sync/reports`, intervalHours: 0 })).statusCode).toBe(200);
    expect((await status(kit, viewers.admin)).hub).toMatchObject({ intervalHours: 0, nextSyncAt: null });
  });
});

describe('a network the kit gains', () => {
  /** Waits until the kit has looked at its interfaces a few more times: the change was seen. */
  const seenTwice = async () => {
    const before = looks;
    await pollFor('dos vistazos más a las interfaces', 30, () => (looks >= before + 2 ? true : null));
  };

  it('starts nothing while the kit syncs only by hand (interval 0)', async () => {
    const before = (await status(kit, viewers.admin)).job?.id ?? 0;
    interfaces = { ...ALONE, usb0: [address('192.168.8.100')] };
    await seenTwice();
    expect((await status(kit, viewers.admin)).job?.id ?? 0).toBe(before);
    interfaces = ALONE;
    await seenTwice();
  });

  it('ignores loopback, link-local and hotspot addresses', async () => {
    const before = (await status(kit, viewers.admin)).job?.id ?? 0;
    expect((await put(viewers.admin, { feedUrl: `${hubBase}/hub/feed.json`, uploadUrl: `${hubBase}/api/v2/sync/reports`, intervalHours: 6 })).statusCode).toBe(200);
    interfaces = { ...ALONE, eth0: [address('169.254.10.20'), address('fe80::2', 'IPv6')], lo: [address('127.0.0.1', 'IPv4', true), address('::1', 'IPv6', true)] };
    await seenTwice();
    expect((await status(kit, viewers.admin)).job?.id ?? 0).toBe(before);
  });

  it('starts a sync with the saved hub when Ethernet gets an address: report first, then the new packs', async () => {
    const before = (await status(kit, viewers.admin)).job?.id ?? 0;
    interfaces = { ...interfaces, eth0: [address('192.168.1.20'), address('fe80::2', 'IPv6')] };
    const job = await finishedJob(kit, viewers.admin, before);
    expect(job).toMatchObject({ kind: 'pull', state: 'done', report: { added: 1 } });
    expect(kit.app.db.prepare('SELECT title FROM resources').all()).toEqual([{ title: 'Colmenas en el valle' }]);
    expect(hub.app.db.prepare('SELECT count(*) AS n FROM hub_reports').get()).toEqual({ n: 1 });
  });
});
