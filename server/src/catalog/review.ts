import type { ReportNote, ResourceSummary } from '@kit/contract';
import type { Db } from '../db/connection.ts';
import { findOpenReportNotes, findStatusReasons } from './resources.repo.ts';

/*
 * What a resource's owner (and admins) are told about its standing, so
 * nobody is left guessing why it is not out, or may not stay out: the reason
 * of a rejection or a block, and what its open reports say (never who said
 * it). Only they read any of it (`ownerOrAdmin`, docs/API-library.md).
 */

/** Reports read per resource: enough to see what is wrong, bounded however many neighbours report. */
export const REPORT_NOTES_PER_RESOURCE = 20;

/** The open reports of these resources as their owners read them, by resource id. */
export function reportNotesOf(db: Db, ids: readonly number[]): Map<number, ReportNote[]> {
  const notes = new Map<number, ReportNote[]>();
  for (const row of findOpenReportNotes(db, ids, REPORT_NOTES_PER_RESOURCE)) {
    const list = notes.get(row.resource_id) ?? [];
    list.push({ reason: row.reason, createdAt: row.created_at });
    notes.set(row.resource_id, list);
  }
  return notes;
}

/** Cards of a user's own list, for that user or an admin: each with its status reason and open reports. */
export function withReview(db: Db, summaries: ResourceSummary[]): ResourceSummary[] {
  const ids = summaries.map((s) => s.id);
  const reasons = findStatusReasons(db, ids);
  const notes = reportNotesOf(db, ids);
  return summaries.map((s) => ({ ...s, statusReason: reasons.get(s.id) ?? null, reportNotes: notes.get(s.id) ?? [] }));
}
