import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../../db/connection.ts';
import { openTrusted, seal, type Envelope } from './signed-envelope.ts';
import { keyIdOf, type KitKey } from './sync-keys.ts';

/*
 * The hub's time, signed, in every answer to a kit's report (docs/SYNC.md
 * "Reports"): a Pi has no clock battery, and a kit whose clock is behind
 * refuses fresh certificates and redirects phones into certificate errors.
 * The kit moves its clock forward to it (modules/device/kit-clock.ts).
 */
const ClockStampSchema = Type.Object({
  format: Type.Literal(1),
  /** the hub's clock when it answered (ISO, UTC) */
  now: Type.String({ maxLength: 40 }),
  /** the report it answers: an old stamp replayed by someone on the way is not taken for the present */
  reportId: Type.String({ maxLength: 64 }),
});

export function clockStamp(key: KitKey, reportId: string): Envelope {
  return seal(key, { format: 1, now: new Date().toISOString(), reportId });
}

/**
 * The time in a stamp answering REPORT_ID, signed by a trusted publisher, and
 * by HUB (the key id of the hub the kit enrolled with, docs/HTTPS.md) when it
 * has one; null otherwise (an older hub sends none).
 */
export function readClockStamp(db: Db, own: KitKey, envelope: unknown, reportId: string, hub: string | null): Date | null {
  if (envelope === undefined || envelope === null) return null;
  const opened = openTrusted(db, own, envelope);
  if (!opened || !Value.Check(ClockStampSchema, opened.value) || opened.value.reportId !== reportId) return null;
  if (hub !== null && keyIdOf(opened.signature.publicKey) !== hub) return null;
  const time = Date.parse(opened.value.now);
  return Number.isNaN(time) ? null : new Date(time);
}
