import type { KitClockChange, KitClockSource } from '@kit/contract';
import type { Db } from '../../db/connection.ts';

/** SQL of the kit's clock changes (kit_clock_changes, migration 0016). */

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
