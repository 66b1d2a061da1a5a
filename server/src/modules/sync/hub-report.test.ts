/**
 * A hub's door for kits' reports (docs/SYNC.md, "Reports") on a real app and
 * database: a report is kept once, and one posted again or older than the
 * newest from that kit is never handled again (its certificate request
 * would order a certificate again: certificates.acme.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appForFile, tempDir } from '../../../test/helper.ts';
import { readClockStamp } from './hub-clock.ts';
import { REPORT_MAX_AGE_MS } from './hub-report.ts';
import { seal, type Envelope } from './signed-envelope.ts';
import { loadOrCreateKitKey } from './sync-keys.ts';
import { addTrustedKey } from './sync.repo.ts';

const t = appForFile();
const kit = loadOrCreateKitKey(tempDir('kit-report-'));

const report = (createdAt: Date): Envelope =>
  seal(kit, { format: 1, reportId: randomUUID(), kit: 'escuela.aldea', createdAt: createdAt.toISOString(), usage: [], decisions: [] });

async function post(envelope: Envelope) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/sync/reports', payload: envelope });
  return { status: res.statusCode, body: res.json() as { stored?: boolean; clock?: unknown; error?: { code: string; message: string; data?: { clock?: unknown } } } };
}

const idOf = (envelope: Envelope): string => (JSON.parse(envelope.payload) as { reportId: string }).reportId;

const kept = () => (t.app.db.prepare('SELECT count(*) AS n FROM hub_reports').get() as { n: number }).n;

describe('POST /api/v2/sync/reports', () => {
  it('keeps a report once, refuses one older than the newest from that kit or than a week with 409 HUB_REPORT_STALE', async () => {
    addTrustedKey(t.app.db, { keyId: kit.keyId, publicKey: kit.publicKey, label: 'Escuela', addedBy: null });
    const now = Date.now();
    const earlier = report(new Date(now - 60_000));
    const latest = report(new Date(now));

    expect(await post(latest)).toMatchObject({ status: 201, body: { stored: true } });
    expect(await post(latest)).toMatchObject({ status: 201, body: { stored: false } });
    const stale = await post(earlier);
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'HUB_REPORT_STALE', message: expect.stringMatching(/^El centro ya recibió un informe más reciente/) } } });
    expect(await post(report(new Date(now - REPORT_MAX_AGE_MS - 60_000)))).toMatchObject({ status: 409, body: { error: { code: 'HUB_REPORT_STALE' } } });
    expect(kept()).toBe(1);
    expect(await post(report(new Date(now + 1_000)))).toMatchObject({ status: 201, body: { stored: true } });
    expect(kept()).toBe(2);
  });

  it('signs its time into every answer to a trusted kit, a refusal as stale too, so a kit whose clock is behind can correct it', async () => {
    addTrustedKey(t.app.db, { keyId: kit.keyId, publicKey: kit.publicKey, label: 'Escuela', addedBy: null });
    const hubKey = loadOrCreateKitKey(t.dataDir);
    // Read as a kit reads it (the hub's key trusted: here, the hub's own).
    const stampOf = (envelope: unknown, reportId: string) => readClockStamp(t.app.db, hubKey, envelope, reportId, hubKey.keyId);
    const before = Date.now();
    const [freshReport, staleReport] = [report(new Date(before + 60_000)), report(new Date(before - REPORT_MAX_AGE_MS - 60_000))];
    const fresh = await post(freshReport);
    const stale = await post(staleReport);
    expect(stale.status).toBe(409);
    for (const [stamp, sent] of [[fresh.body.clock, freshReport], [stale.body.error?.data?.clock, staleReport]] as const) {
      const time = stampOf(stamp, idOf(sent))?.getTime();
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(Date.now());
    }
    // Only as the answer to the kit's own report (an old stamp replayed on the way is not the present), and from the hub it enrolled with.
    expect(stampOf(fresh.body.clock, idOf(staleReport))).toBeNull();
    expect(readClockStamp(t.app.db, hubKey, fresh.body.clock, idOf(freshReport), kit.keyId)).toBeNull();
  });

  it('refuses a report whose time is not one a kit writes, with 400 HUB_REPORT_INVALID', async () => {
    const odd = seal(kit, { format: 1, reportId: randomUUID(), kit: 'escuela.aldea', createdAt: 'ayer', usage: [], decisions: [] });
    expect(await post(odd)).toMatchObject({ status: 400, body: { error: { code: 'HUB_REPORT_INVALID' } } });
  });
});
