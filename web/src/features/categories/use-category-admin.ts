import type { Category } from '@kit/contract';
import { useEffect, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import * as adminApi from '../../api/admin.ts';
import { ApiError } from '../../api/client.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { keyboardDrop, keyMoveOf, planDrop, type DropPosition, type KeyMove } from './drop-rules.ts';
import { useCategoryDrag } from './use-category-drag.ts';
import { CategoryStore, findCategory } from './category-store.ts';
import { changeCategoryParent, moveCategoryBefore } from './moves-api.ts';

const message = (e: unknown) => (e instanceof ApiError && e.message ? e.message : esAdmin.category.loadError);

/**
 * /admin/category's state: the category store over the admin API, which rows
 * are open and which one is selected, and the moves (drag and drop, keyboard)
 * applied through the drop rules (features/categories). Every change is
 * said in a notification.
 */
export function useCategoryAdmin() {
  const store = useMemo(
    () =>
      new CategoryStore({
        children: (p) => adminApi.getCategoryChildren(p),
        create: adminApi.createCategory,
        update: adminApi.updateCategory,
        changeParent: changeCategoryParent,
        moveBefore: moveCategoryBefore,
        remove: adminApi.deleteCategory,
      }),
    [],
  );
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [selectedId, setSelectedId] = useState<number | null>(null);

  useEffect(() => {
    store.load(null).catch((e: unknown) => notifyError(message(e)));
  }, [store]);

  const selected = selectedId === null ? undefined : findCategory(state, selectedId);

  /** Runs a change of the tree; says `ok` when it worked, the kit's message when not. */
  const run = async (work: () => Promise<unknown>, ok?: string) => {
    try {
      await work();
      if (ok) notifySuccess(ok);
    } catch (e) {
      notifyError(message(e));
    }
  };
  const toggle = (c: Category) => {
    const next = new Set(expanded);
    if (next.has(c.id)) next.delete(c.id);
    else {
      next.add(c.id);
      if (!state.children.has(c.id)) void run(() => store.load(c.id));
    }
    setExpanded(next);
  };
  /** Opens a row and reads its children if they were never read. */
  const open = async (id: number) => {
    if (!expanded.has(id)) setExpanded((s) => new Set(s).add(id));
    if (!store.state.children.has(id)) await store.load(id);
  };

  const siblingsOf = (c: Category) => state.children.get(c.parentId) ?? [];
  /** Applies a drop of `id` on `target` at `pos`. */
  const moveTo = async (id: number, target: Category, pos: DropPosition) => {
    const moving = findCategory(state, id);
    const move = planDrop(id, target, pos, siblingsOf(target));
    if (!moving || !move) return;
    await run(() => store.applyMove(moving, move));
    if (pos === 'inside') await run(() => open(target.id));
  };
  const drag = useCategoryDrag((id, targetId, pos) => {
    const target = findCategory(state, targetId);
    if (target) void moveTo(id, target, pos);
  });

  // Keyboard moves of the selected category (Alt + arrows, or the toolbar's buttons).
  const keyMove = (c: Category, move: KeyMove) => {
    const parent = c.parentId === null ? undefined : findCategory(state, c.parentId);
    const drop = keyboardDrop(move, c, siblingsOf(c), parent);
    if (drop) void moveTo(c.id, drop.target, drop.pos);
  };
  const onKey = (e: KeyboardEvent, c: Category, select: (c: Category) => void) => {
    const move = keyMoveOf(e);
    if (move) {
      e.preventDefault();
      select(c);
      keyMove(c, move);
    } else if (!e.altKey && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      select(c);
    }
  };

  return { store, state, expanded, selected, selectedId, setSelectedId, run, toggle, open, drag, keyMove, onKey };
}
