import type { CourierReport } from '@kit/contract';
import type { PortalDb } from './db.ts';

/*
 * The phone as a courier between an offline kit and its hub (docs/SYNC.md,
 * "Carried by phones"): on the kit it takes the kit's latest signed report;
 * once it has internet it posts that report to the hub and keeps the hub's
 * signed answer; back on the kit it hands the answer over. It holds only
 * public, signed envelopes: nothing here lets a phone speak for the kit.
 */

export type Envelope = CourierReport['report'];

/** What this phone carries for the kit at one origin. */
export interface CourierHold {
  /** the hub's report address the kit gave */
  hubUrl: string | null;
  /** the report still to post to the hub (null once the hub took it for good, or refused it) */
  report: Envelope | null;
  /** the id of the last report the kit gave, so a report delivered is not taken again */
  reportId: string | null;
  /** the hub's answer still to hand to the kit */
  answer: Envelope | null;
}

/** An answer to a request, as the courier needs it: no answer at all is a network error (or a timeout). */
export interface Answer {
  status: number;
  body: unknown;
}

export interface CourierDeps {
  load: () => Promise<CourierHold | null>;
  save: (hold: CourierHold | null) => Promise<void>;
  /** the kit's own API (same origin); null when the kit did not answer */
  kit: (method: 'GET' | 'POST', body?: unknown) => Promise<Answer | null>;
  /** a POST to the hub, across origins; null when it did not answer */
  hub: (url: string, body: unknown) => Promise<Answer | null>;
}

const EMPTY: CourierHold = { hubUrl: null, report: null, reportId: null, answer: null };

/*
 * Only a Kit Portal server's answers count: a captive portal or a proxy on
 * the way may answer anything, and the phone keeps what it carries then.
 */
/** Taken: a 2xx whose JSON has KEY. */
const taken = (answer: Answer | null, key: string): boolean =>
  answer !== null && answer.status >= 200 && answer.status < 300 && typeof answer.body === 'object' && answer.body !== null && key in answer.body;
/** Refused for good: a 4xx with the catalog's error code (429 means "later"). */
const refused = (answer: Answer | null): boolean =>
  answer !== null && answer.status >= 400 && answer.status < 500 && answer.status !== 429 && typeof (answer.body as { error?: { code?: unknown } } | null)?.error?.code === 'string';
const errorCode = (answer: Answer | null): unknown => (answer?.body as { error?: { code?: unknown } } | null)?.error?.code;

const reportIdOf = (envelope: Envelope): string | null => {
  try {
    return (JSON.parse(envelope.payload) as { reportId?: string }).reportId ?? null;
  } catch {
    return null;
  }
};

/** "pending": the hub is ordering the certificate; the same report posted later is answered with the outcome. */
const isPending = (envelope: Envelope): boolean => {
  try {
    return (JSON.parse(envelope.payload) as { state?: string }).state === 'pending';
  } catch {
    return false;
  }
};

function isEnvelope(value: unknown): value is Envelope {
  const v = value as Partial<Envelope> | null;
  return typeof v?.payload === 'string' && typeof v.signature === 'object' && v.signature !== null;
}

/** The kit's answer to GET courier: what to carry, nothing (it has no hub), or null when the kit is not in reach. */
function readKit(answer: Answer | null): CourierReport | 'nothing' | null {
  if (errorCode(answer) === 'SYNC_COURIER_NONE') return 'nothing';
  const body = answer?.body as Partial<CourierReport> | null;
  return taken(answer, 'report') && typeof body?.hubUrl === 'string' && isEnvelope(body.report) ? (body as CourierReport) : null;
}

/**
 * One round, whenever the app starts or the phone goes online: hand the kit
 * any answer held, then take the kit's latest report (after the answer, so a
 * report the answer changed, such as the request for a name the hub just
 * gave, leaves with this phone), post an undelivered report to the hub, and
 * hand a fresh answer to the kit if it is in reach too.
 */
export async function carryOnce(deps: CourierDeps): Promise<CourierHold | null> {
  let hold = (await deps.load()) ?? EMPTY;
  const deliver = async () => {
    if (!hold.answer) return;
    const brought = await deps.kit('POST', hold.answer);
    if (taken(brought, 'state') || refused(brought)) hold = { ...hold, answer: null };
  };

  await deliver();
  const fromKit = readKit(await deps.kit('GET'));
  if (fromKit === 'nothing') hold = { ...hold, hubUrl: null, report: null, reportId: null };
  else if (fromKit !== null && reportIdOf(fromKit.report) !== hold.reportId) {
    hold = { ...hold, hubUrl: fromKit.hubUrl, report: fromKit.report, reportId: reportIdOf(fromKit.report) };
  }

  if (hold.report && hold.hubUrl) {
    const posted = await deps.hub(hold.hubUrl, hold.report);
    if (taken(posted, 'stored')) {
      const certificate = (posted?.body as { certificate?: unknown }).certificate;
      const answer = isEnvelope(certificate) ? certificate : null;
      hold = { ...hold, answer: answer ?? hold.answer, report: answer && isPending(answer) ? hold.report : null };
      if (fromKit !== null) await deliver();
    } else if (refused(posted)) {
      hold = { ...hold, report: null };
    }
  }

  const keep = hold.report !== null || hold.answer !== null || hold.reportId !== null ? hold : null;
  await deps.save(keep);
  return keep;
}

/**
 * What this phone holds for the kit at `origin`, in the phone's store (its
 * `meta` table). The store and the code that reads it are some 33 KB of gzip,
 * and most phones never carry anything, so a mark in `marks` (localStorage)
 * says when something is held: without it only the kit is asked, and the store
 * is opened once the kit gives something to carry. When the storage cannot be
 * read the store is.
 */
export function heldIn(openDb: () => Promise<PortalDb>, origin: string, marks: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): Pick<CourierDeps, 'load' | 'save'> {
  const key = `courier:${origin}`;
  const nothingHeld = (): boolean => {
    try {
      return marks !== null && marks.getItem(key) === null;
    } catch {
      return false;
    }
  };
  const mark = (hold: CourierHold | null): void => {
    try {
      if (hold === null) marks?.removeItem(key);
      else marks?.setItem(key, 'held');
    } catch {
      // unmarked: the store is read again next round
    }
  };
  return {
    load: async () => {
      if (nothingHeld()) return null;
      const row = await (await openDb()).meta.get(key);
      return (row?.value as CourierHold | undefined) ?? null;
    },
    save: async (hold) => {
      if (hold === null && nothingHeld()) return;
      const db = await openDb();
      if (hold === null) await db.meta.delete(key);
      else await db.meta.put({ key, value: hold });
      mark(hold);
    },
  };
}
