import type { Db } from '../../db/connection.ts';

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
