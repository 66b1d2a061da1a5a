/** What an import did, item by item (shown on /admin/sync and kept in the journal). */

export type ItemOutcome = 'added' | 'updated' | 'skipped' | 'refused' | 'withdrawn';

export interface ReportItem {
  kind: 'resource' | 'category';
  globalId: string;
  title: string;
  outcome: ItemOutcome;
  reason: string | null;
}

export interface ImportReport {
  packId: string;
  sourceKit: string;
  added: number;
  updated: number;
  skipped: number;
  refused: number;
  /** copies withdrawn here because their origin withdrew or deleted them */
  withdrawn: number;
  categoriesAdded: number;
  categoriesUpdated: number;
  /** deleted here, or hidden when they still hold this kit's resources */
  categoriesRemoved: number;
  /** the other kit's change was not taken: this kit's version wins */
  categoriesKept: number;
  /** the first REPORT_ITEMS resources and categories and what happened to each */
  items: ReportItem[];
}

const REPORT_ITEMS = 500;

const COUNTERS = ['added', 'updated', 'skipped', 'refused', 'withdrawn', 'categoriesAdded', 'categoriesUpdated', 'categoriesRemoved', 'categoriesKept'] as const;

const CATEGORY_COUNTER = { added: 'categoriesAdded', updated: 'categoriesUpdated', withdrawn: 'categoriesRemoved', skipped: 'categoriesKept', refused: 'categoriesKept' } as const;

export function emptyReport(packId: string, sourceKit: string): ImportReport {
  return { packId, sourceKit, added: 0, updated: 0, skipped: 0, refused: 0, withdrawn: 0, categoriesAdded: 0, categoriesUpdated: 0, categoriesRemoved: 0, categoriesKept: 0, items: [] };
}

/** Counts an outcome; categories are listed only when something other than an addition happened to them. */
export function note(report: ImportReport, item: Omit<ReportItem, 'outcome' | 'reason'>, outcome: ItemOutcome, reason: string | null = null): void {
  if (item.kind === 'resource') report[outcome] += 1;
  else report[CATEGORY_COUNTER[outcome]] += 1;
  if (item.kind === 'category' && outcome === 'added') return;
  if (report.items.length < REPORT_ITEMS) report.items.push({ ...item, outcome, reason });
}

/** Several packs pulled in one sync, reported as one. */
export function mergeReports(a: ImportReport, b: ImportReport): ImportReport {
  const merged = { ...b, items: [...a.items, ...b.items].slice(0, REPORT_ITEMS) };
  for (const key of COUNTERS) merged[key] = a[key] + b[key];
  return merged;
}
