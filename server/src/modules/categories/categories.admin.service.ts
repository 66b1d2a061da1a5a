import type { Category, CreateCategory, UpdateCategory } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { readSettings, writeSettings } from '../../kit-settings/kit-settings.repo.ts';
import { ancestorIds, countCategoryContents } from '../../catalog/categories.repo.ts';
import { childIds, deleteCategoryRow, getCategoryRow, insertCategory, placeChildren, renameCategory, setCategoryStatus } from './categories.admin.repo.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';

/**
 * Category writes (docs/API-admin.md "Categories, write side"). Every operation is one
 * transaction, refuses cycles, and leaves the priorities of every sibling
 * list it touched dense: 1..n in order.
 */

function mustExist(db: Db, id: number) {
  const row = getCategoryRow(db, id);
  if (!row) throw new AppError('CATEGORY_NOT_FOUND');
  return row;
}

function checkParent(db: Db, id: number | null, parentId: number | null): void {
  if (parentId === null) return;
  if (!getCategoryRow(db, parentId)) throw new AppError('CATEGORY_PARENT_NOT_FOUND', { field: 'parent' });
  // The new parent may be neither the node itself nor one of its descendants.
  if (id !== null && (parentId === id || ancestorIds(db, parentId).includes(id))) throw new AppError('CATEGORY_CYCLE', { id, parentId });
}

/** Moves `id` into `parentId` at 0-based `index` (clamped), renumbering the old and new sibling lists. */
function moveInto(db: Db, id: number, parentId: number | null, index: number): void {
  const row = mustExist(db, id);
  const target = childIds(db, parentId).filter((c) => c !== id);
  const at = Math.max(0, Math.min(index, target.length));
  target.splice(at, 0, id);
  placeChildren(db, parentId, target);
  if (row.parent_id !== parentId) placeChildren(db, row.parent_id, childIds(db, row.parent_id));
}

const view = (db: Db, id: number): { data: Category; siblings: Category[] } => {
  const tree = new CategoryTree(
    db.prepare<[], { id: number; name: string; parent_id: number | null; priority: number; status_id: number }>(
      'SELECT id, name, parent_id, priority, status_id FROM categories ORDER BY priority, id',
    ).all(),
    true,
  );
  const row = tree.get(id);
  if (!row) throw new AppError('CATEGORY_NOT_FOUND');
  return { data: tree.toCategory(row), siblings: tree.children(row.parent_id).map((c) => tree.toCategory(c)) };
};

export function createCategory(db: Db, body: CreateCategory): { data: Category; siblings: Category[] } {
  const parentId = body.content_type_father_id ?? null;
  const id = db.transaction(() => {
    checkParent(db, null, parentId);
    const siblings = childIds(db, parentId);
    placeChildren(db, parentId, siblings);
    return insertCategory(db, body.name.trim(), parentId, siblings.length + 1);
  })();
  return view(db, id);
}

export function updateCategory(db: Db, id: number, body: UpdateCategory): { data: Category; siblings: Category[] } {
  db.transaction(() => {
    const row = mustExist(db, id);
    if (body.name !== undefined) renameCategory(db, id, body.name.trim());
    if (body.statusId !== undefined) setCategoryStatus(db, id, body.statusId);
    const parentId = body.content_type_father_id === undefined ? row.parent_id : body.content_type_father_id;
    if (parentId !== row.parent_id || body.priority !== undefined) {
      checkParent(db, id, parentId);
      const index = body.priority !== undefined ? body.priority - 1 : parentId === row.parent_id ? childIds(db, parentId).indexOf(id) : Number.MAX_SAFE_INTEGER;
      moveInto(db, id, parentId, index);
    }
  })();
  return view(db, id);
}

/** Appends the node (and its subtree) at the end of the new parent's children. */
export function changeParent(db: Db, id: number, newParentId: number | null): { data: Category; siblings: Category[] } {
  db.transaction(() => {
    mustExist(db, id);
    checkParent(db, id, newParentId);
    moveInto(db, id, newParentId, Number.MAX_SAFE_INTEGER);
  })();
  return view(db, id);
}

/** Places the node right before `refId`, under ref's parent. */
export function moveBefore(db: Db, id: number, refId: number): { data: Category; siblings: Category[] } {
  db.transaction(() => {
    mustExist(db, id);
    const ref = mustExist(db, refId);
    if (refId === id) throw new AppError('CATEGORY_CYCLE', { id, refCategoryId: refId });
    checkParent(db, id, ref.parent_id);
    const siblings = childIds(db, ref.parent_id).filter((c) => c !== id);
    moveInto(db, id, ref.parent_id, siblings.indexOf(refId));
  })();
  return view(db, id);
}

/** Reorders one parent's children: `order` must hold every one of them exactly once. */
export function sortCategories(db: Db, order: readonly number[]): Category[] {
  const first = mustExist(db, order[0] as number);
  db.transaction(() => {
    const current = childIds(db, first.parent_id);
    const same = current.length === order.length && order.every((id) => current.includes(id));
    if (!same) throw new AppError('CATEGORY_ORDER_INVALID', { parentId: first.parent_id, expected: current.length });
    placeChildren(db, first.parent_id, order);
  })();
  return view(db, first.id).siblings;
}

/** Refused while it holds subcategories or resources; a setting pointing at it is cleared. */
export function deleteCategory(db: Db, id: number): { parentId: number | null } {
  return db.transaction(() => {
    const row = mustExist(db, id);
    const contents = countCategoryContents(db, id);
    if (contents.children > 0 || contents.resources > 0) {
      throw new AppError(
        'CATEGORY_NOT_EMPTY',
        contents,
        `No se puede eliminar «${row.name}»: todavía tiene ${contents.resources} recurso(s) y ${contents.children} subcategoría(s). Muévelos a otra categoría primero`,
      );
    }
    const settings = readSettings(db);
    if (settings.tutorialCategoryId === id) writeSettings(db, { tutorialCategoryId: null });
    if (settings.clientCategoryId === id) writeSettings(db, { clientCategoryId: null });
    deleteCategoryRow(db, id);
    placeChildren(db, row.parent_id, childIds(db, row.parent_id));
    return { parentId: row.parent_id };
  })();
}
