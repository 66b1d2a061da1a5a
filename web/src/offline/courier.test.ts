import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carryOnce, heldIn, type Answer, type CourierHold, type Envelope } from './courier.ts';
import { PortalDb } from './db.ts';

/**
 * The phone's carrying, round by round, against stand-ins for the kit's
 * courier API and the hub's report address (the real ones and their refusals:
 * server/src/modules/sync/courier.acme.test.ts), with the hold in IndexedDB.
 */
const HUB_URL = 'https://centro.example.org/api/v2/sync/reports';
const SIG = { keyId: '0123456789abcdef', publicKey: 'AAAA', signature: 'BBBB' };
const report = (reportId: string): Envelope => ({ payload: JSON.stringify({ reportId, usage: [] }), signature: SIG });
const answer = (state: string): Envelope => ({ payload: JSON.stringify({ state }), signature: SIG });
const error = (status: number, code: string): Answer => ({ status, body: { error: { code, message: '…' } } });

/** Where the phone is: on the kit's Wi-Fi (kit), on the internet (hub), both or neither. */
class World {
  kitUp = false;
  hubUp = false;
  /** the report the kit hands out; null: it has no hub address */
  kitReport: Envelope | null = report('r1');
  kitRefuses: Answer | null = null;
  /** the report the kit hands out once it took an answer (the request for the name the answer gave) */
  reportAfterAnswer: Envelope | null = null;
  /** a captive portal answering in the kit's place */
  captive = false;
  hubAnswer: Answer = { status: 201, body: { stored: true, certificate: answer('name-needed') } };
  readonly broughtToKit: Envelope[] = [];
  readonly postedToHub: Envelope[] = [];

  kit = async (method: 'GET' | 'POST', body?: unknown): Promise<Answer | null> => {
    if (this.captive) return { status: 200, body: null };
    if (!this.kitUp) return null;
    if (method === 'POST') {
      this.broughtToKit.push(body as Envelope);
      if (this.reportAfterAnswer && !this.kitRefuses) this.kitReport = this.reportAfterAnswer;
      return this.kitRefuses ?? { status: 200, body: { state: 'name-needed' } };
    }
    return this.kitReport ? { status: 200, body: { hubUrl: HUB_URL, report: this.kitReport } } : error(404, 'SYNC_COURIER_NONE');
  };

  hub = async (url: string, body: unknown): Promise<Answer | null> => {
    expect(url).toBe(HUB_URL);
    if (!this.hubUp) return null;
    this.postedToHub.push(body as Envelope);
    return this.hubAnswer;
  };
}

let db: PortalDb;
let world: World;
let opened = 0;
const openDb = async () => {
  opened += 1;
  return db;
};
const round = () => carryOnce({ ...heldIn(openDb, 'http://escuela.aldea', localStorage), kit: world.kit, hub: world.hub });
const held = async (): Promise<CourierHold | null> => ((await db.meta.get('courier:http://escuela.aldea'))?.value as CourierHold | undefined) ?? null;

beforeEach(() => {
  localStorage.clear();
  opened = 0;
  db = new PortalDb(`test-courier-${Math.random()}`);
  world = new World();
});
afterEach(async () => {
  await db.delete();
});

describe('carryOnce', () => {
  it('takes the report on the kit, posts it once online, and hands the answer back at the next visit', async () => {
    world.kitUp = true;
    expect(await round()).toEqual({ hubUrl: HUB_URL, report: report('r1'), reportId: 'r1', answer: null });

    Object.assign(world, { kitUp: false, hubUp: true });
    expect(await round()).toEqual({ hubUrl: HUB_URL, report: null, reportId: 'r1', answer: answer('name-needed') });
    expect(world.postedToHub).toEqual([report('r1')]);

    // The same report again is not posted again; the kit's next report (with the request for its name) is.
    Object.assign(world, { kitUp: true, hubUp: false, kitReport: report('r2') });
    expect(await round()).toEqual({ hubUrl: HUB_URL, report: report('r2'), reportId: 'r2', answer: null });
    expect(world.broughtToKit).toEqual([answer('name-needed')]);
    expect(await held()).toMatchObject({ reportId: 'r2', answer: null });
  });

  it('takes, in the visit that hands over an answer, the report that answer made', async () => {
    world.kitUp = true;
    await round();
    [world.kitUp, world.hubUp] = [false, true];
    await round();
    [world.kitUp, world.hubUp] = [true, false];
    world.reportAfterAnswer = report('r2');
    await round();
    expect(world.broughtToKit).toHaveLength(1);
    expect(await held()).toMatchObject({ answer: null, reportId: 'r2', report: report('r2') });
  });

  it('does not take a delivered report again, and keeps posting one the hub is still issuing for', async () => {
    Object.assign(world, { kitUp: true, hubUp: true, hubAnswer: { status: 201, body: { stored: true, certificate: answer('pending') } } });
    expect(await round()).toMatchObject({ report: report('r1'), answer: null });
    expect(world.broughtToKit).toEqual([answer('pending')]);

    world.kitUp = false;
    world.hubAnswer = { status: 201, body: { stored: false, certificate: answer('issued') } };
    expect(await round()).toMatchObject({ report: null, answer: answer('issued') });
    expect(world.postedToHub).toHaveLength(2);

    world.kitUp = true;
    expect(await round()).toMatchObject({ report: null, reportId: 'r1', answer: null });
    expect(world.postedToHub).toHaveLength(2);
  });

  it('drops what the other side refuses for good, and keeps what it could not deliver', async () => {
    world.kitUp = true;
    await round();
    world.hubUp = true;
    world.kitUp = false;
    world.hubAnswer = error(429, 'RATE_LIMITED');
    expect(await round()).toMatchObject({ report: report('r1') });
    world.hubAnswer = { status: 503, body: null };
    expect(await round()).toMatchObject({ report: report('r1') });
    world.hubAnswer = error(409, 'HUB_REPORT_STALE');
    expect(await round()).toMatchObject({ report: null });

    await db.meta.put({ key: 'courier:http://escuela.aldea', value: { hubUrl: HUB_URL, report: null, reportId: 'r1', answer: answer('issued') } });
    Object.assign(world, { hubUp: false, kitUp: true, kitRefuses: { status: 500, body: null } });
    expect(await round()).toMatchObject({ answer: answer('issued') });
    world.kitRefuses = error(400, 'CERT_ANSWER_INVALID');
    expect(await round()).toMatchObject({ answer: null });
  });

  it('keeps everything when a captive portal answers for the kit, and forgets the report once the kit has no hub', async () => {
    world.kitUp = true;
    await round();
    world.captive = true;
    expect(await round()).toMatchObject({ report: report('r1'), reportId: 'r1' });

    Object.assign(world, { captive: false, kitReport: null });
    expect(await round()).toBeNull();
    expect(await held()).toBeNull();
  });

  it('opens the phone’s store only while it holds something, or once the kit gives it something to carry', async () => {
    Object.assign(world, { kitUp: true, kitReport: null });
    await round();
    await round();
    expect(opened).toBe(0);

    world.kitReport = report('r1');
    expect(await round()).toMatchObject({ report: report('r1') });
    expect(opened).toBe(1);
    expect(await held()).toMatchObject({ report: report('r1') });
    Object.assign(world, { kitReport: null });
    expect(await round()).toBeNull();
    expect(await held()).toBeNull();
    const looked = opened;
    await round();
    expect(opened).toBe(looked);
  });
});
