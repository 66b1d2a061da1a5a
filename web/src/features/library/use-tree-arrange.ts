import type { KeyboardEvent } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../api/client.ts';
import type { CategoryNodeId } from '../../api/library.ts';
import { esLibrary } from '../../i18n/es-library.ts';
import { keyboardDrop, keyMoveOf, planDrop, type DropPosition, type Placed } from '../categories/drop-rules.ts';
import { sendMove } from '../categories/send-move.ts';
import { useCategoryDrag, type CategoryDrag } from '../categories/use-category-drag.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { categoriesChanged, type TreeNode } from './category-tree-data.ts';
import { fill } from '../../ui/fill.ts';
import type { CategoryTreeState, VisibleNode } from './use-category-tree.ts';

type PlacedNode = TreeNode & Placed;

/** Where this tree lists a category: the node with its parent, and its siblings in the server's order. */
function locate(tree: CategoryTreeState, id: number): { node: PlacedNode; siblings: PlacedNode[] } | null {
  for (const [key, state] of tree.children) {
    if (state.status !== 'ready' || !state.nodes.some((n) => n.id === id)) continue;
    const parentId = parentIdOf(key);
    const siblings = state.nodes.map((n) => ({ ...n, parentId }));
    const node = siblings.find((n) => n.id === id);
    if (node) return { node, siblings };
  }
  return null;
}

/** The parent a list of the tree belongs to: the whole library's top level has none. */
const parentIdOf = (key: CategoryNodeId): number | null => (key === 'root' ? null : key);

export interface TreeArrange {
  drag: CategoryDrag;
  /** Alt + arrows on the focused item (the keyboard's drag and drop); true when the key was one of them */
  onKeyDown: (event: KeyboardEvent, current: VisibleNode, visible: readonly VisibleNode[]) => boolean;
}

/**
 * An admin's drag and drop in the library's tree: the drop rules and calls of
 * /admin/category (features/categories), then every tree on the page and
 * the page itself read the categories again. `onMoved` gets the moved id
 * and its new parent (the tree keeps the focus on it there).
 */
export function useTreeArrange(tree: CategoryTreeState, onMoved: (id: number, parentId: number | null) => void): TreeArrange {
  const revalidator = useRevalidator();

  const move = async (id: number, targetId: number, pos: DropPosition) => {
    const target = locate(tree, targetId);
    const plan = target && planDrop(id, target.node, pos, target.siblings);
    if (!plan) return;
    const name = locate(tree, id)?.node.name ?? '';
    try {
      await sendMove(plan);
    } catch (error) {
      notifyError(error instanceof ApiError && error.message ? error.message : esLibrary.tree.moveFailed);
      return;
    }
    await categoriesChanged();
    if (pos === 'inside') tree.expand([targetId]);
    onMoved(id, plan.parentId);
    notifySuccess(fill(esLibrary.tree.moved, { name }));
    // the page's category path may have changed with it
    void revalidator.revalidate();
  };

  const drag = useCategoryDrag((id, targetId, pos) => void move(id, targetId, pos));

  const onKeyDown = (event: KeyboardEvent, current: VisibleNode, visible: readonly VisibleNode[]) => {
    const keyMove = keyMoveOf(event);
    if (!keyMove) return false;
    const here = locate(tree, current.node.id);
    // the siblings this tree shows: the client category (its own tree, left out here) is no step
    const shown = here?.siblings.filter((s) => visible.some((v) => v.node.id === s.id)) ?? [];
    const parent = current.parentId === null ? undefined : locate(tree, current.parentId)?.node;
    const drop = here ? keyboardDrop(keyMove, here.node, shown, parent) : null;
    if (drop) void move(current.node.id, drop.target.id, drop.pos);
    // handled even at an edge: Alt + ← would otherwise take the browser back
    return true;
  };

  return { drag, onKeyDown };
}
