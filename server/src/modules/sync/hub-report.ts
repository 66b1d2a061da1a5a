import { randomUUID } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { openTrusted, seal } from './signed-envelope.ts';
import type { KitKey } from './sync-keys.ts';
import { decisionsSince, readHubState, storeHubReport, usageSince, writeHubState } from './sync.repo.ts';

/*
 * What a kit sends back to its hub: usage per resource and day, and the
 * moderation decisions taken on the kit, since its last report. Small, signed
 * with the kit's key; the hub keeps them when the kit's key is trusted there.
 */
export const REPORT_FORMAT = 1;

export const HubReportSchema = Type.Object({
  format: Type.Integer({ minimum: 1 }),
  reportId: Type.String({ pattern: '^[0-9a-f-]{36}$' }),
  kit: Type.String({ maxLength: 253 }),
  createdAt: Type.String({ maxLength: 40 }),
  usage: Type.Array(Type.Object({ globalId: Type.String(), day: Type.String(), views: Type.Integer(), downloads: Type.Integer() })),
  decisions: Type.Array(Type.Object({ globalId: Type.String(), action: Type.String(), toStatus: Type.String(), reason: Type.Union([Type.String(), Type.Null()]), at: Type.String() })),
});
export type HubReport = Static<typeof HubReportSchema>;

interface Reported {
  at: string;
  day: string;
}

/** Posts the report to the upload endpoint; remembers how far it got only when the hub took it. */
export async function sendReport(ctx: { db: Db; key: KitKey; kitName: string }, uploadUrl: string): Promise<HubReport> {
  const last = readHubState<Reported>(ctx.db, 'reported');
  const createdAt = new Date().toISOString();
  const report: HubReport = {
    format: REPORT_FORMAT,
    reportId: randomUUID(),
    kit: ctx.kitName,
    createdAt,
    // The last reported day is sent again whole: the hub keeps the latest figure per kit, resource and day.
    usage: usageSince(ctx.db, last?.day ?? '0000-00-00'),
    decisions: decisionsSince(ctx.db, last?.at ?? ''),
  };
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(seal(ctx.key, report)) });
  } catch {
    throw new AppError('SYNC_HUB_UNREACHABLE');
  }
  await response.body?.cancel();
  if (!response.ok) throw new AppError('SYNC_HUB_UNREACHABLE', { status: response.status });
  writeHubState(ctx.db, 'reported', { at: createdAt, day: createdAt.slice(0, 10) } satisfies Reported);
  return report;
}

/** The hub's side: keeps a report signed by a trusted kit, once. */
export function receiveReport(ctx: { db: Db; key: KitKey }, body: unknown): { stored: boolean } {
  const opened = openTrusted(ctx.db, ctx.key, body);
  if (!opened || !Value.Check(HubReportSchema, opened.value)) throw new AppError('HUB_REPORT_INVALID');
  const report = opened.value;
  return { stored: storeHubReport(ctx.db, { reportId: report.reportId, keyId: opened.signature.keyId, kit: report.kit, body: (body as { payload: string }).payload }) };
}
