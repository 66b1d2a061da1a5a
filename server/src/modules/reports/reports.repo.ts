import type { Db } from '../../db/connection.ts';

export interface UsageRow {
  key: string | number;
  label: string;
  category: string;
  views: number;
  downloads: number;
}

export function usageByResource(db: Db, from: string, to: string) {
  return db
    .prepare<[string, string], { id: number; title: string; category: string | null; views: number; downloads: number }>(
      `SELECT r.id, r.title, c.name AS category, SUM(s.views) AS views, SUM(s.downloads) AS downloads
         FROM resource_stats_daily s JOIN resources r ON r.id = s.resource_id LEFT JOIN categories c ON c.id = r.category_id
        WHERE s.day BETWEEN ? AND ? GROUP BY r.id ORDER BY views DESC, r.id`,
    )
    .all(from, to);
}

export function usageByCategory(db: Db, from: string, to: string) {
  return db
    .prepare<[string, string], { id: number | null; name: string | null; views: number; downloads: number }>(
      `SELECT c.id, c.name, SUM(s.views) AS views, SUM(s.downloads) AS downloads
         FROM resource_stats_daily s JOIN resources r ON r.id = s.resource_id LEFT JOIN categories c ON c.id = r.category_id
        WHERE s.day BETWEEN ? AND ? GROUP BY c.id ORDER BY views DESC, c.id`,
    )
    .all(from, to);
}

export function usageByDay(db: Db, from: string, to: string) {
  return db
    .prepare<[string, string], { day: string; views: number; downloads: number }>(
      'SELECT day, SUM(views) AS views, SUM(downloads) AS downloads FROM resource_stats_daily WHERE day BETWEEN ? AND ? GROUP BY day ORDER BY day',
    )
    .all(from, to);
}

export function allUsersForExport(db: Db) {
  return db
    .prepare<[], { id: number; user_name: string; name: string; last_name: string; email: string | null; gender: number | null; born_date: string | null; code_phone: string | null; phone_number: string | null; is_admin: number; blocked: number; created_at: string }>(
      'SELECT id, user_name, name, last_name, email, gender, born_date, code_phone, phone_number, is_admin, blocked, created_at FROM users ORDER BY id',
    )
    .all();
}

export function mediaBytesByKind(db: Db) {
  return db
    .prepare<[], { kind: string; files: number; bytes: number }>(
      "SELECT CASE WHEN instr(mime, '/') > 0 THEN substr(mime, 1, instr(mime, '/') - 1) ELSE mime END AS kind, COUNT(*) AS files, SUM(size) AS bytes FROM media GROUP BY kind ORDER BY bytes DESC",
    )
    .all();
}
