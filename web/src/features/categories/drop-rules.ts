/*
 * The rules of moving a category by drag and drop or by keyboard, shared by
 * every category tree an admin can arrange (/admin/category, the library's
 * sidebar): which server call a drop makes. Pure: no DOM, no network.
 */

/** Where a dragged category lands relative to the row it is dropped on (docs/PRODUCT.md#category-tree: before, after or inside). */
export type DropPosition = 'before' | 'after' | 'inside';

/** A category's place in the tree: all a move needs to know about it. */
export interface Placed {
  id: number;
  /** null: top level */
  parentId: number | null;
}

/**
 * The one call a move makes (docs/API-admin.md): PUT change-parent appends
 * the category last under `parentId`; POST move-before puts it right before
 * `refId`, whose parent is `parentId`. Either way `parentId` is its new parent.
 */
export type CategoryMove =
  | { kind: 'change-parent'; id: number; parentId: number | null }
  | { kind: 'move-before'; id: number; refId: number; parentId: number | null };

/** Top quarter of a row: before; bottom quarter: after; the middle: inside. */
export function dropPositionAt(offsetY: number, height: number): DropPosition {
  if (offsetY < height * 0.25) return 'before';
  if (offsetY > height * 0.75) return 'after';
  return 'inside';
}

/**
 * The call a drop of category `id` on `target` at `pos` makes. `siblings` are
 * target's parent's children in order. "After" is "before the next sibling",
 * or "last under the parent" when target is the last one. Null for a drop on
 * itself. A drop inside its own subtree is left to the server, which refuses
 * it (409 CATEGORY_CYCLE): a lazily loaded tree does not know every descendant.
 */
export function planDrop(id: number, target: Placed, pos: DropPosition, siblings: readonly Placed[]): CategoryMove | null {
  if (id === target.id) return null;
  if (pos === 'inside') return { kind: 'change-parent', id, parentId: target.id };
  if (pos === 'before') return { kind: 'move-before', id, refId: target.id, parentId: target.parentId };
  const others = siblings.filter((c) => c.id !== id);
  const at = others.findIndex((c) => c.id === target.id);
  const next = at < 0 ? undefined : others[at + 1];
  return next
    ? { kind: 'move-before', id, refId: next.id, parentId: target.parentId }
    : { kind: 'change-parent', id, parentId: target.parentId };
}

/** The keyboard's drag and drop: Alt + an arrow key moves the focused category. */
export type KeyMove = 'up' | 'down' | 'indent' | 'outdent';

const MOVE_KEYS: Readonly<Record<string, KeyMove>> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'indent', ArrowLeft: 'outdent' };

/** The move a key press asks for: Alt + arrow, no other modifier; null for any other key. */
export function keyMoveOf(event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): KeyMove | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  return MOVE_KEYS[event.key] ?? null;
}

/**
 * The drop a keyboard move equals, so it makes the same call: up goes before
 * the previous sibling, down after the next, indent inside the previous one,
 * outdent right after its parent. Null at an edge (nothing to move past).
 */
export function keyboardDrop<T extends Placed>(
  move: KeyMove,
  node: Placed,
  siblings: readonly T[],
  parent: T | undefined,
): { target: T; pos: DropPosition } | null {
  const at = siblings.findIndex((c) => c.id === node.id);
  const previous = at > 0 ? siblings[at - 1] : undefined;
  const next = at >= 0 ? siblings[at + 1] : undefined;
  switch (move) {
    case 'up':
      return previous ? { target: previous, pos: 'before' } : null;
    case 'down':
      return next ? { target: next, pos: 'after' } : null;
    case 'indent':
      return previous ? { target: previous, pos: 'inside' } : null;
    case 'outdent':
      return parent ? { target: parent, pos: 'after' } : null;
  }
}
