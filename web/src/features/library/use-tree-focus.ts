import { useEffect, useRef, useState } from 'react';
import type { CategoryNodeId } from '../../api/library.ts';
import type { CategoryTreeState, VisibleNode } from './use-category-tree.ts';
import { useTreeArrange } from './use-tree-arrange.ts';

/**
 * The tree's roving focus (WAI-ARIA tree pattern): the item last focused, focusing
 * an item, the items' ref callback; and an admin's drag and drop, after which the
 * focus follows the moved item to its new place.
 */
export function useTreeFocus(tree: CategoryTreeState, visible: readonly VisibleNode[], rootId: CategoryNodeId) {
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const items = useRef(new Map<number, HTMLLIElement>());
  // After a move the item may be drawn anew under its new parent: focus follows it there,
  // whether the tree drew the move before the move's call returned (a slow phone, two trees
  // on the page) or draws it after.
  // Until the item is drawn under its new parent, its old place may still show: focusing that
  // one would lose the focus when the redraw moves it.
  const focusAfterMove = useRef<{ id: number; parentId: number | null } | null>(null);
  const [moves, setMoves] = useState(0);
  const arrange = useTreeArrange(tree, (id, parentId) => {
    focusAfterMove.current = { id, parentId };
    setFocusedId(id);
    setMoves((n) => n + 1);
  });

  useEffect(() => {
    const moved = focusAfterMove.current;
    const at = moved && visible.find((v) => v.node.id === moved.id);
    if (!moved || !at) return;
    // the tree's own top level has no parent, whichever category it starts at
    const underItsParent = at.parentId === moved.parentId || (at.depth === 0 && (moved.parentId === null || moved.parentId === rootId));
    if (!underItsParent) return;
    focusAfterMove.current = null;
    items.current.get(moved.id)?.focus();
  }, [visible, moves, rootId]);

  const focusNode = (id: number | null | undefined) => {
    if (id === null || id === undefined) return;
    setFocusedId(id);
    items.current.get(id)?.focus();
  };

  const register = (id: number, el: HTMLLIElement | null) => {
    if (el) items.current.set(id, el);
    else items.current.delete(id);
  };

  return { focusedId, setFocusedId, focusNode, register, arrange };
}
