import { useCallback, useEffect, useRef, useState } from 'react';
import type { CategoryNodeId } from '../../api/library.ts';
import { loadChildren, onCategoriesChanged, type TreeNode } from './category-tree-data.ts';

export type ChildrenState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; nodes: TreeNode[] };

export interface CategoryTreeState {
  children: ReadonlyMap<CategoryNodeId, ChildrenState>;
  expanded: ReadonlySet<number>;
  load: (id: CategoryNodeId) => void;
  toggle: (id: number) => void;
  expand: (ids: readonly number[]) => void;
  collapse: (id: number) => void;
}

/** State of a lazily loaded tree: children are fetched when a node is first expanded. */
export function useCategoryTree(rootId: CategoryNodeId): CategoryTreeState {
  const [children, setChildren] = useState<ReadonlyMap<CategoryNodeId, ChildrenState>>(() => new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const requested = useRef(new Set<CategoryNodeId>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const set = useCallback((id: CategoryNodeId, state: ChildrenState) => {
    if (!mounted.current) return;
    setChildren((current) => new Map(current).set(id, state));
  }, []);

  const load = useCallback(
    (id: CategoryNodeId) => {
      if (requested.current.has(id)) return;
      requested.current.add(id);
      set(id, { status: 'loading' });
      loadChildren(id).then(
        (nodes) => set(id, { status: 'ready', nodes }),
        () => {
          requested.current.delete(id);
          set(id, { status: 'error' });
        },
      );
    },
    [set],
  );

  useEffect(() => {
    load(rootId);
  }, [load, rootId]);

  // After an admin's move (categoriesChanged): every list this tree has asked for, read again,
  // the old one staying on screen meanwhile.
  const refresh = useCallback(async () => {
    await Promise.all(
      [...requested.current].map((id) =>
        loadChildren(id).then(
          (nodes) => set(id, { status: 'ready', nodes }),
          () => undefined, // unreachable: the list on screen stays as it was
        ),
      ),
    );
  }, [set]);

  useEffect(() => onCategoriesChanged(refresh), [refresh]);

  const expand = useCallback(
    (ids: readonly number[]) => {
      for (const id of ids) load(id);
      setExpanded((current) => {
        if (ids.every((id) => current.has(id))) return current;
        const next = new Set(current);
        for (const id of ids) next.add(id);
        return next;
      });
    },
    [load],
  );

  const collapse = useCallback((id: number) => {
    setExpanded((current) => {
      if (!current.has(id)) return current;
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }, []);

  const toggle = useCallback(
    (id: number) => {
      if (expanded.has(id)) collapse(id);
      else expand([id]);
    },
    [collapse, expand, expanded],
  );

  return { children, expanded, load, toggle, expand, collapse };
}

/** The nodes a reader can see, in order, with their depth and parent (for arrow-key moves). */
export interface VisibleNode {
  node: TreeNode;
  depth: number;
  parentId: number | null;
}

export function visibleNodes(
  rootId: CategoryNodeId,
  children: ReadonlyMap<CategoryNodeId, ChildrenState>,
  expanded: ReadonlySet<number>,
  exclude: ReadonlySet<number> = new Set(),
): VisibleNode[] {
  const out: VisibleNode[] = [];
  const walk = (id: CategoryNodeId, depth: number, parentId: number | null) => {
    const state = children.get(id);
    if (state?.status !== 'ready') return;
    for (const node of state.nodes) {
      if (depth === 0 && exclude.has(node.id)) continue;
      out.push({ node, depth, parentId });
      if (expanded.has(node.id)) walk(node.id, depth + 1, node.id);
    }
  };
  walk(rootId, 0, null);
  return out;
}
