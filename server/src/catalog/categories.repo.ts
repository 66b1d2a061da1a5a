import type { Db } from '../db/connection.ts';

/** A categories row, as the tree needs it. */
export interface DbCategory {
  id: number;
  name: string;
  parent_id: number | null;
  priority: number;
  status_id: number;
}

/**
 * Every category. A kit has tens to a few hundred of them, so the tree is
 * built in memory from one indexed read rather than a query per level.
 */
export function listCategories(db: Db): DbCategory[] {
  return db
    .prepare<[], DbCategory>('SELECT id, name, parent_id, priority, status_id FROM categories ORDER BY priority, id')
    .all();
}

export function countCategoryContents(db: Db, id: number): { children: number; resources: number } {
  const children = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM categories WHERE parent_id = ?').get(id)?.n ?? 0;
  const resources = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM resources WHERE category_id = ?').get(id)?.n ?? 0;
  return { children, resources };
}

/** The category's ancestors' ids, nearest first (stops on a loop). */
export function ancestorIds(db: Db, id: number): number[] {
  const out: number[] = [];
  const parentOf = db.prepare<[number], { parent_id: number | null }>('SELECT parent_id FROM categories WHERE id = ?');
  let current: number | null = parentOf.get(id)?.parent_id ?? null;
  while (current !== null && !out.includes(current)) {
    out.push(current);
    current = parentOf.get(current)?.parent_id ?? null;
  }
  return out;
}
