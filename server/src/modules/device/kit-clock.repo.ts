import type { KitClockChange, KitClockSource } from '@kit/contract';
import type { Db } from '../../db/connection.ts';

/** SQL of the kit's clock: its changes (kit_clock_changes) and what confirmed it in a boot (kit_clock_confirmations), migration 0016. */

interface DbKitClockChange {
  id: number;
  source: KitClockSource;
  old_time: string;
  new_time: string;
}

export function recordClockChange(db: Db, change: Omit<KitClockChange, 'id'>): void {
  db.prepare('INSERT INTO kit_clock_changes (source, old_time, new_time) VALUES (?, ?, ?)').run(change.source, change.from, change.to);
}

/** The newest LIMIT changes, newest first. */
export function recentClockChanges(db: Db, limit: number): KitClockChange[] {
  const rows = db.prepare('SELECT * FROM kit_clock_changes ORDER BY id DESC LIMIT ?').all(limit) as DbKitClockChange[];
  return rows.map((row) => ({ id: row.id, source: row.source, from: row.old_time, to: row.new_time }));
}

/** What confirmed the clock during the boot BOOT_ID, or null. */
export function confirmationOf(db: Db, bootId: string): Exclude<KitClockSource, 'certificate'> | null {
  const row = db.prepare('SELECT source FROM kit_clock_confirmations WHERE boot_id = ?').get(bootId) as { source: Exclude<KitClockSource, 'certificate'> } | undefined;
  return row?.source ?? null;
}

/** Keeps what confirmed the clock during BOOT_ID (the latest word wins); rows of other boots go. */
export function recordConfirmation(db: Db, bootId: string, source: Exclude<KitClockSource, 'certificate'>, at: string): void {
  db.transaction(() => {
    db.prepare('DELETE FROM kit_clock_confirmations WHERE boot_id <> ?').run(bootId);
    db.prepare('INSERT INTO kit_clock_confirmations (boot_id, source, at) VALUES (?, ?, ?) ON CONFLICT (boot_id) DO UPDATE SET source = excluded.source, at = excluded.at').run(bootId, source, at);
  })();
}
