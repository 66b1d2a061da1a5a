import type { Db } from '../../db/connection.ts';
import { countUse } from '../../catalog/resources.repo.ts';
import { today } from '../../days.ts';

/** How often counted views reach the database. */
const VIEW_FLUSH_MS = 5000;

/**
 * Views of resource pages, counted in memory and written every VIEW_FLUSH_MS
 * in one transaction. One write per visit meant one fsync per page under
 * synchronous=FULL, the resource page's main cost (docs/PERFORMANCE.md); a
 * power cut now loses at most the last few seconds of counts, which a view
 * counter can afford. The app flushes on close.
 */
export class ViewCounts {
  /** Views not yet written: resource id -> day (YYYY-MM-DD) -> count. */
  private readonly pending = new Map<number, Map<string, number>>();

  private readonly db: Db;
  private readonly timer: NodeJS.Timeout;

  /** ONERROR hears of a batch that could not be written (its counts are dropped, the server goes on). */
  constructor(db: Db, onError: (error: unknown) => void) {
    this.db = db;
    this.timer = setInterval(() => {
      try {
        this.flush();
      } catch (error) {
        onError(error);
      }
    }, VIEW_FLUSH_MS);
    this.timer.unref();
  }

  add(resourceId: number, day: string = today()): void {
    let days = this.pending.get(resourceId);
    if (!days) this.pending.set(resourceId, (days = new Map()));
    days.set(day, (days.get(day) ?? 0) + 1);
  }

  /** Views of RESOURCEID counted but not yet in the database, so a page shows its own visit. */
  unwritten(resourceId: number): number {
    let n = 0;
    for (const count of this.pending.get(resourceId)?.values() ?? []) n += count;
    return n;
  }

  flush(): void {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending.clear();
    this.db.transaction(() => {
      for (const [resourceId, days] of batch) for (const [day, count] of days) countUse(this.db, resourceId, 'views', count, day);
    })();
  }

  /** Stops the timer and writes what is left: before the database closes. */
  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
