import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { DbCategory } from '../../catalog/categories.repo.ts';

/** Category writes (docs/API-admin.md). Callers wrap several of them in one transaction. */

export function getCategoryRow(db: Db, id: number): DbCategory | undefined {
  return db.prepare<[number], DbCategory>('SELECT id, name, parent_id, priority, status_id FROM categories WHERE id = ?').get(id);
}

/** Children ids of a parent (null: top level) in their current order. */
export function childIds(db: Db, parentId: number | null): number[] {
  return db
    .prepare<[number | null], { id: number }>('SELECT id FROM categories WHERE parent_id IS ? ORDER BY priority, id')
    .all(parentId)
    .map((r) => r.id);
}

/** Writes priorities 1..n in the given order (and the parent, for moved nodes). */
export function placeChildren(db: Db, parentId: number | null, ids: readonly number[]): void {
  const update = db.prepare(
    "UPDATE categories SET parent_id = ?, priority = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND (parent_id IS NOT ? OR priority <> ?)",
  );
  ids.forEach((id, i) => update.run(parentId, i + 1, id, parentId, i + 1));
}

export function insertCategory(db: Db, name: string, parentId: number | null, priority: number): number {
  return Number(
    db.prepare('INSERT INTO categories (global_id, name, parent_id, priority) VALUES (?, ?, ?, ?)').run(randomUUID(), name, parentId, priority).lastInsertRowid,
  );
}

export function renameCategory(db: Db, id: number, name: string): void {
  db.prepare("UPDATE categories SET name = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(name, id);
}

export function setCategoryStatus(db: Db, id: number, statusId: 0 | 1): void {
  db.prepare("UPDATE categories SET status_id = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(statusId, id);
}

export function deleteCategoryRow(db: Db, id: number): void {
  db.prepare('DELETE FROM categories WHERE id = ?').run(id);
}
