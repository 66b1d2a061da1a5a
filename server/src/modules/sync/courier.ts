import { createHash } from 'node:crypto';
import type { CourierStatus } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { readHubSettings, type HubEnvironment } from '../../kit-settings/hub-sync.ts';
import { readEnrolment } from '../device/device.certificate.ts';
import { applyAnswerEnvelope, certificateRequest, type KitCertificatesContext } from './certificates-kit.ts';
import { buildReport, lastNetworkReportAt } from './hub-report.ts';
import { seal, type Envelope } from './signed-envelope.ts';
import { readHubState, writeHubState } from './sync.repo.ts';

/*
 * Phones carry what the kit cannot send (docs/SYNC.md, "Carried by phones"):
 * a phone that opens the app on the kit takes the kit's latest signed report
 * and the hub's address; once it has internet it posts the report to the
 * hub and keeps the hub's signed answer; at its next visit it brings that
 * answer back. Everything a phone holds is public and signed: it cannot
 * speak for the kit.
 */

/** The hub's report address the phones post to: the kit's upload address, as saved on /admin/sync or from the environment. */
export const courierHubUrl = (db: Db, config: HubEnvironment): string | null => readHubSettings(db, config).uploadUrl;

/** The report phones carry is made again after this long, so the hub hears of recent usage. */
const CARRIED_REPORT_MAX_AGE_MS = 24 * 3600_000;
/** Phones counted per report and for answers (their addresses' digests): enough to say "many". */
const PHONES_KEPT = 500;

interface CarriedReport {
  envelope: Envelope;
  reportId: string;
  createdAt: string;
  /** the certificate request it carries, as JSON ('null': none) */
  request: string;
}

interface CourierRecord {
  /** the report phones take now, and the phones that took it */
  reportId: string | null;
  takenAt: string | null;
  takenBy: string[];
  /** the last answer a phone brought back, the phones that brought answers, and what became of the last */
  answeredAt: string | null;
  answeredBy: string[];
  outcome: CourierStatus['outcome'];
}

const EMPTY: CourierRecord = { reportId: null, takenAt: null, takenBy: [], answeredAt: null, answeredBy: [], outcome: null };

/** A phone, counted without keeping its address. */
const phoneOf = (address: string): string => createHash('sha256').update(address).digest('hex').slice(0, 16);

const withPhone = (phones: readonly string[], phone: string): string[] => (phones.includes(phone) ? [...phones] : [...phones, phone].slice(-PHONES_KEPT));

/** Reports being made, by data dir: phones opening the app at once all get the same one. */
const making = new Map<string, Promise<CarriedReport>>();

/**
 * The signed report phones carry now: the same one for a day, so many phones
 * carry one report (the hub answers each from its record), made again when
 * the certificate request changed (a name came back: the next phones carry
 * the request for it) or a report reached the hub by network since.
 */
async function carriedReport(ctx: KitCertificatesContext): Promise<CarriedReport> {
  const kept = readHubState<CarriedReport>(ctx.db, 'courierReport');
  const request = JSON.stringify(await certificateRequest(ctx));
  const network = lastNetworkReportAt(ctx.db);
  const fresh = kept !== null && Date.now() - Date.parse(kept.createdAt) < CARRIED_REPORT_MAX_AGE_MS && (network === null || network < kept.createdAt);
  if (fresh && kept.request === request) return kept;
  const report = await buildReport(ctx, 'carried');
  const made: CarriedReport = { envelope: seal(ctx.key, report), reportId: report.reportId, createdAt: report.createdAt, request: JSON.stringify(report.certificate ?? null) };
  writeHubState(ctx.db, 'courierReport', made);
  return made;
}

/** What a phone should carry (GET /api/v2/sync/courier); SYNC_COURIER_NONE without a hub address. */
export async function reportToCarry(ctx: KitCertificatesContext, hubUrl: string | null, address: string): Promise<{ hubUrl: string; report: Envelope }> {
  if (hubUrl === null) throw new AppError('SYNC_COURIER_NONE');
  let building = making.get(ctx.dataDir);
  if (!building) {
    building = carriedReport(ctx).finally(() => making.delete(ctx.dataDir));
    making.set(ctx.dataDir, building);
  }
  const { envelope, reportId } = await building;
  const record = readHubState<CourierRecord>(ctx.db, 'courier') ?? EMPTY;
  const phone = phoneOf(address);
  // Written once per phone and report, not at every page a phone opens.
  if (record.reportId !== reportId || !record.takenBy.includes(phone)) {
    const takenBy = record.reportId === reportId ? withPhone(record.takenBy, phone) : [phone];
    writeHubState(ctx.db, 'courier', { ...record, reportId, takenAt: new Date().toISOString(), takenBy } satisfies CourierRecord);
  }
  return { hubUrl, report: envelope };
}

/**
 * The hub's answer a phone brought (POST /api/v2/sync/courier), applied like
 * one from the hub's address (applyAnswerEnvelope), except that a refusal
 * changes nothing on the kit: it is the caller's 4xx, and the last outcome
 * on /admin/sync.
 */
export async function takeCarriedAnswer(ctx: KitCertificatesContext, envelope: unknown, address: string): Promise<{ state: string | null }> {
  const note = (outcome: CourierRecord['outcome']) => {
    const record = readHubState<CourierRecord>(ctx.db, 'courier') ?? EMPTY;
    writeHubState(ctx.db, 'courier', { ...record, answeredAt: new Date().toISOString(), answeredBy: withPhone(record.answeredBy, phoneOf(address)), outcome } satisfies CourierRecord);
  };
  try {
    await applyAnswerEnvelope(ctx, envelope, 'refuse');
  } catch (error) {
    if (error instanceof AppError) note({ ok: false, state: readEnrolment(ctx.dataDir)?.state ?? null, code: error.code, message: error.message });
    throw error;
  }
  // A hub that could not issue says why: applied, and shown with its reason.
  const enrolment = readEnrolment(ctx.dataDir);
  const state = enrolment?.state ?? null;
  note({ ok: true, state, code: enrolment?.lastError?.code ?? null, message: enrolment?.lastError?.message ?? null });
  return { state };
}

/** What /admin/sync shows of the phones that carried reports and answers. */
export function courierStatus(db: Db): CourierStatus {
  const record = readHubState<CourierRecord>(db, 'courier') ?? EMPTY;
  return {
    takenAt: record.takenAt,
    takenBy: record.takenBy.length,
    answeredAt: record.answeredAt,
    answeredBy: record.answeredBy.length,
    outcome: record.outcome,
  };
}
