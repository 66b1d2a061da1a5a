import type { Dashboard, DashboardCounters } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { dayMinus } from '../../days.ts';

const count = (db: Db, sql: string): number => db.prepare<[], { n: number | null }>(sql).get()?.n ?? 0;

/** docs/PRODUCT.md#dashboard Dashboard counters, straight from the tables. */
export function readCounters(db: Db): DashboardCounters {
  return {
    users: count(db, 'SELECT COUNT(*) AS n FROM users'),
    resources: count(db, "SELECT COUNT(*) AS n FROM resources WHERE status = 'published'"),
    playlists: count(db, 'SELECT COUNT(*) AS n FROM playlists'),
    downloads: count(db, 'SELECT COALESCE(SUM(downloads), 0) AS n FROM resources'),
    reports: count(db, "SELECT COUNT(*) AS n FROM reports WHERE status = 'open'"),
    pendingApproval: count(db, "SELECT COUNT(*) AS n FROM resources WHERE status = 'pending'"),
    drafts: count(db, "SELECT COUNT(*) AS n FROM resources WHERE status = 'draft'"),
    categories: count(db, 'SELECT COUNT(*) AS n FROM categories'),
  };
}

export function readCharts(db: Db, today: Date = new Date()): Dashboard['charts'] {
  const first = dayMinus(today, 29);
  const rows = db
    .prepare<[string], { day: string; views: number; downloads: number }>(
      'SELECT day, SUM(views) AS views, SUM(downloads) AS downloads FROM resource_stats_daily WHERE day >= ? GROUP BY day',
    )
    .all(first);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const perDay = Array.from({ length: 30 }, (_, i) => {
    const day = dayMinus(today, 29 - i);
    const row = byDay.get(day);
    return { day, views: row?.views ?? 0, downloads: row?.downloads ?? 0 };
  });
  const byType = db
    .prepare<[], { typeCode: number; count: number }>(
      "SELECT type_code AS typeCode, COUNT(*) AS count FROM resources WHERE status = 'published' GROUP BY type_code ORDER BY type_code",
    )
    .all();
  const topResources = db
    .prepare<[], { id: number; title: string; views: number; downloads: number }>(
      "SELECT id, title, views, downloads FROM resources WHERE status = 'published' ORDER BY views DESC, downloads DESC, id LIMIT 10",
    )
    .all();
  const topCategories = db
    .prepare<[], { id: number; name: string; views: number; resources: number }>(
      `SELECT c.id, c.name, COALESCE(SUM(r.views), 0) AS views, COUNT(r.id) AS resources
         FROM categories c JOIN resources r ON r.category_id = c.id AND r.status = 'published'
        GROUP BY c.id ORDER BY views DESC, resources DESC, c.id LIMIT 10`,
    )
    .all();
  return { perDay, byType, topResources, topCategories };
}
