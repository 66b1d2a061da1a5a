import { randomUUID } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { readEnrolment } from '../device/device.certificate.ts';
import { CertificateRequestSchema } from './certificate-exchange.ts';
import type { HubCertificates } from './certificates-hub.ts';
import { applyAnswerEnvelope, certificateRequest, noteRequestSent, type KitCertificatesContext } from './certificates-kit.ts';
import { clockStamp, readClockStamp } from './hub-clock.ts';
import { openTrusted, seal, type Envelope } from './signed-envelope.ts';
import { keyIdOf, type KitKey } from './sync-keys.ts';
import { decisionsSince, hubReportKept, newestHubReportAt, readHubState, storeHubReport, usageSince, writeHubState } from './sync.repo.ts';

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
  /** a certificate request (docs/HTTPS.md): hubs without an ACME account ignore it */
  certificate: Type.Optional(CertificateRequestSchema),
});
export type HubReport = Static<typeof HubReportSchema>;

interface Reported {
  at: string;
  day: string;
}

/**
 * Posts the report, with a certificate request when the kit wants one, and
 * applies the hub's signed answer about it. When that answer gives the kit
 * its name, the request for it goes at once in a second report.
 */
export async function sendReport(ctx: KitCertificatesContext, uploadUrl: string): Promise<HubReport> {
  let { sent, answer } = await postReport(ctx, uploadUrl);
  if (answer !== null && (await applyAnswerEnvelope(ctx, answer)) === 'again') {
    ({ sent, answer } = await postReport(ctx, uploadUrl));
    if (answer !== null) await applyAnswerEnvelope(ctx, answer);
  }
  return sent;
}

/** The days of usage a carried report holds at most (the hub refuses reports older than a week anyway). */
const CARRIED_USAGE_DAYS = 7;

/** When a report last reached the hub over the network (by the kit's clock); null before the first. */
export const lastNetworkReportAt = (db: Db): string | null => readHubState<Reported>(db, 'reported')?.at ?? null;

/**
 * A report as the kit makes it now: usage per resource and day from the last
 * day a network report reached the hub (that day again whole: the hub keeps
 * the latest figure per kit, resource and day), its certificate request when
 * it wants one, and, sent to the hub's own address only, the moderation
 * decisions since then. A report phones carry (courier.ts) is public: no
 * decisions (their reasons are an admin's words; they go by network or in
 * packs), and a week of usage at most, to stay small for a phone.
 */
export async function buildReport(ctx: KitCertificatesContext, route: 'network' | 'carried'): Promise<HubReport> {
  const last = readHubState<Reported>(ctx.db, 'reported');
  const certificate = await certificateRequest(ctx);
  const lastDay = last?.day ?? '0000-00-00';
  const now = ctx.clock.now();
  const carriedFrom = new Date(now - (CARRIED_USAGE_DAYS - 1) * 24 * 3600_000).toISOString().slice(0, 10);
  return {
    format: REPORT_FORMAT,
    reportId: randomUUID(),
    kit: ctx.kitName,
    createdAt: new Date(now).toISOString(),
    usage: usageSince(ctx.db, route === 'carried' && carriedFrom > lastDay ? carriedFrom : lastDay),
    decisions: route === 'network' ? decisionsSince(ctx.db, last?.at ?? '') : [],
    ...(certificate ? { certificate } : {}),
  };
}

/** Posts one report; remembers how far it got only when the hub took it. */
async function postReport(ctx: KitCertificatesContext, uploadUrl: string): Promise<{ sent: HubReport; answer: unknown }> {
  const report = await buildReport(ctx, 'network');
  const { certificate, createdAt } = report;
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(seal(ctx.key, report)) });
  } catch {
    throw new AppError('SYNC_HUB_UNREACHABLE');
  }
  const text = await response.text().catch(() => '');
  // The hub's signed time first, refusal or not: a kit whose clock is behind sends stale reports, and checks the chain below by its clock.
  await takeHubTime(ctx, text, report.reportId);
  if (!response.ok) throw new AppError(errorCodeOf(text) === 'HUB_REPORT_STALE' ? 'HUB_REPORT_STALE' : 'SYNC_HUB_UNREACHABLE', { status: response.status });
  writeHubState(ctx.db, 'reported', { at: createdAt, day: createdAt.slice(0, 10) } satisfies Reported);
  if (certificate) await noteRequestSent(ctx);
  return { sent: report, answer: certificate ? certificateAnswerOf(text) : null };
}

/** The error code of the hub's refusal, if it gave one. */
function errorCodeOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return undefined;
  }
}

/** Moves the kit's clock forward to the hub's signed time in its reply to REPORT_ID (`clock`, or a refusal's `error.data.clock`), if there is one. */
async function takeHubTime(ctx: KitCertificatesContext, text: string, reportId: string): Promise<void> {
  let reply: { clock?: unknown; error?: { data?: { clock?: unknown } } };
  try {
    reply = JSON.parse(text) as typeof reply;
  } catch {
    return;
  }
  const hubTime = readClockStamp(ctx.db, ctx.key, reply?.clock ?? reply?.error?.data?.clock, reportId, readEnrolment(ctx.dataDir)?.hubKeyId ?? null);
  if (hubTime !== null) await ctx.clock.raise('hub', hubTime, true);
}

/** The certificate answer in the hub's reply, if any (an older hub, or one without ACME, sends none). */
function certificateAnswerOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { certificate?: unknown }).certificate ?? null;
  } catch {
    return null;
  }
}

/** How long a kit's report waits for an order the hub starts: a quick CA answers in the same exchange. */
const ISSUE_WAIT_MS = 20_000;

/** A report older than this by the hub's clock is refused: whatever it asked was answered long ago. */
export const REPORT_MAX_AGE_MS = 7 * 24 * 3600_000;

/** createdAt as a kit writes it (Date#toISOString), so reports compare in time as they compare as text. */
const isInstant = (text: string): boolean => !Number.isNaN(Date.parse(text)) && new Date(text).toISOString() === text;

/**
 * The hub's side: keeps a report signed by a trusted kit, once, and answers
 * its certificate request (signed by the hub) when this hub issues
 * certificates. A report handled before (the same report id, posted again:
 * several phones carry the same one, docs/SYNC.md) is answered `stored:
 * false` with where its request stands now, from the hub's record, and asks
 * for nothing again; one older than the newest from that kit, or than
 * REPORT_MAX_AGE_MS, is refused (HUB_REPORT_STALE): a replayed request never
 * orders a certificate.
 */
export async function receiveReport(ctx: { db: Db; key: KitKey; certificates: HubCertificates | null }, body: unknown): Promise<{ stored: boolean; certificate?: Envelope; clock: Envelope }> {
  const opened = openTrusted(ctx.db, ctx.key, body);
  if (!opened || !Value.Check(HubReportSchema, opened.value) || !isInstant(opened.value.createdAt)) throw new AppError('HUB_REPORT_INVALID');
  const report = opened.value;
  // Every answer from a trusted kit carries the hub's signed time, a refusal as stale too (often the kit's clock is why).
  const clock = clockStamp(ctx.key, report.reportId);
  // The key id is computed from the verified key, never taken from what the sender claims.
  const kit = { keyId: keyIdOf(opened.signature.publicKey), publicKey: opened.signature.publicKey, kitName: report.kit };
  if (hubReportKept(ctx.db, report.reportId)) {
    const recorded = report.certificate && ctx.certificates ? ctx.certificates.recorded(kit, report.certificate) : null;
    return { stored: false, ...(recorded ? { certificate: seal(ctx.key, recorded) } : {}), clock };
  }
  const now = new Date();
  const newest = newestHubReportAt(ctx.db, kit.keyId);
  if (Date.parse(report.createdAt) < now.getTime() - REPORT_MAX_AGE_MS || (newest !== null && report.createdAt < newest)) {
    throw new AppError('HUB_REPORT_STALE', { reportId: report.reportId, createdAt: report.createdAt, newest, clock });
  }
  const stored = storeHubReport(ctx.db, { reportId: report.reportId, keyId: kit.keyId, kit: report.kit, body: (body as { payload: string }).payload, createdAt: report.createdAt, receivedAt: now.toISOString() });
  if (!stored || !report.certificate || ctx.certificates === null) return { stored, clock };
  const answer = await ctx.certificates.handle(kit, report.certificate, ISSUE_WAIT_MS);
  // Stamped again: an order may have taken its 20 s.
  return { stored, certificate: seal(ctx.key, answer), clock: clockStamp(ctx.key, report.reportId) };
}
