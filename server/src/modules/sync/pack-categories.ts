import type { Db } from '../../db/connection.ts';
import { ancestorIds, countCategoryContents } from '../../catalog/categories.repo.ts';
import { deleteCategory } from '../categories/categories.admin.service.ts';
import { note, type ImportReport } from './import-report.ts';
import type { PackCategory, PackWithdrawal } from './pack-format.ts';
import { categoryByGlobalId, hideCategory, insertCategory, publishedIn, rememberCategorySync, updateCategoryFromPack, type DbLocalCategory } from './sync.repo.ts';

/*
 * Categories of a pack, merged by global id (docs/SYNC.md, "Conflict rule").
 * Two groups of fields merge separately against what the category looked
 * like at its last sync: its name, and its place (parent and order). A group
 * changed only on the other kit takes their value; changed here, this kit's
 * value wins; changed on both, this kit's wins and the report says so.
 */

const KEPT = 'Conflicto: cambiada en los dos kits; se conserva la versión de este kit';

type Merge = 'same' | 'theirs' | 'local' | 'conflict';

function merge<T>(local: T, theirs: T, synced: T | undefined, equal: (a: T, b: T) => boolean): Merge {
  if (equal(local, theirs)) return 'same';
  if (synced === undefined) return 'conflict';
  if (equal(synced, theirs)) return 'local';
  return equal(synced, local) ? 'theirs' : 'conflict';
}

const samePlace = (a: [string | null, number], b: [string | null, number]) => a[0] === b[0] && a[1] === b[1];

/** Adds and updates the pack's categories (parents first); returns their ids here by global id. */
export function mergeCategories(db: Db, categories: readonly PackCategory[], origin: string | null, report: ImportReport): Map<string, number> {
  const ids = new Map<string, number>();
  for (const c of categories) {
    const parentId = c.parentGlobalId === null ? null : (ids.get(c.parentGlobalId) ?? null);
    const local = categoryByGlobalId(db, c.globalId);
    const item = { kind: 'category' as const, globalId: c.globalId, title: c.name };
    if (!local) {
      const id = insertCategory(db, c, parentId);
      rememberCategorySync(db, id, c, origin);
      ids.set(c.globalId, id);
      note(report, item, 'added');
      continue;
    }
    ids.set(c.globalId, local.id);
    const synced = local.hasState ? local : undefined;
    const name = merge(local.name, c.name, synced?.syncedName ?? undefined, (a, b) => a === b);
    let place = merge<[string | null, number]>(
      [local.parentGlobalId, local.priority],
      [c.parentGlobalId, c.priority],
      synced ? [synced.syncedParentGlobalId, synced.syncedPriority ?? 0] : undefined,
      samePlace,
    );
    // Their parent may sit below this category here (a local move that was kept): never make a loop.
    if (place === 'theirs' && parentId !== null && (parentId === local.id || ancestorIds(db, parentId).includes(local.id))) place = 'conflict';
    if (name === 'theirs' || place === 'theirs') {
      updateCategoryFromPack(db, local.id, {
        name: name === 'theirs' ? c.name : local.name,
        parentId: place === 'theirs' ? parentId : local.parentId,
        priority: place === 'theirs' ? c.priority : local.priority,
      });
    }
    if (name === 'conflict' || place === 'conflict') note(report, { ...item, title: local.name }, 'skipped', KEPT);
    else if (name === 'theirs' || place === 'theirs') note(report, item, 'updated', name === 'theirs' ? `Antes: «${local.name}»` : null);
    // What the other kit had is now seen: a later change only here is this kit's.
    rememberCategorySync(db, local.id, c, origin);
  }
  return ids;
}

/**
 * Categories deleted on their origin: this kit's copy goes if it came from
 * there and was not changed here since. Empty, it is deleted; still holding
 * resources this kit does not publish, it is hidden; holding published
 * resources or subcategories here, it stays. Deepest first, so a deleted
 * branch goes whole.
 */
export function withdrawCategories(db: Db, withdrawals: readonly PackWithdrawal[], origin: string | null, report: ImportReport): void {
  const here = withdrawals.flatMap((w) => {
    const local = w.kind === 'category' ? categoryByGlobalId(db, w.globalId) : undefined;
    return local ? [{ local, depth: ancestorIds(db, local.id).length }] : [];
  });
  for (const { local } of here.sort((a, b) => b.depth - a.depth)) withdrawCategory(db, local, origin, report);
}

function withdrawCategory(db: Db, local: DbLocalCategory, origin: string | null, report: ImportReport): void {
  const item = { kind: 'category' as const, globalId: local.globalId, title: local.name };
  if (origin === null || local.originKeyId !== origin) return note(report, item, 'skipped', 'Eliminada en el otro kit, pero la copia de este kit no vino de él');
  if (editedHere(local)) return note(report, item, 'skipped', 'Eliminada en el kit de origen, pero cambiada en este kit: se conserva la versión de este kit');
  const contents = countCategoryContents(db, local.id);
  if (contents.children === 0 && contents.resources === 0) {
    deleteCategory(db, local.id);
    return note(report, item, 'withdrawn', 'Eliminada en el kit de origen');
  }
  if (contents.children === 0 && publishedIn(db, local.id) === 0) {
    hideCategory(db, local.id);
    return note(report, item, 'withdrawn', 'Eliminada en el kit de origen; se oculta porque todavía guarda recursos no publicados');
  }
  note(report, item, 'skipped', 'Eliminada en el kit de origen, pero aquí todavía tiene recursos publicados o subcategorías');
}

const editedHere = (c: DbLocalCategory) => c.name !== c.syncedName || c.parentGlobalId !== c.syncedParentGlobalId || c.priority !== c.syncedPriority;
