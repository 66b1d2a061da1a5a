import type { CategoryFields } from '@kit/contract';
import { getCategoryChildren, type CategoryNodeId } from '../../api/library.ts';

/** A category as the tree draws it (docs/PRODUCT.md#categories Category, the fields the tree asks for). */
export interface TreeNode {
  id: number;
  name: string;
  childrenCount: number;
  priority: number;
  statusId: number;
}

export function toTreeNode(fields: CategoryFields): TreeNode | null {
  if (fields.id === undefined || fields.name === undefined) return null;
  return {
    id: fields.id,
    name: fields.name,
    childrenCount: fields.childrenCount ?? 0,
    priority: fields.priority ?? 0,
    statusId: fields.status_id ?? fields.statusId ?? 1,
  };
}

/** docs/PRODUCT.md#categories: siblings sorted by priority (the server sorts too; ties by name keep it stable). */
export function sortByPriority(nodes: readonly TreeNode[]): TreeNode[] {
  return [...nodes].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name, 'es'));
}

const cache = new Map<CategoryNodeId, Promise<TreeNode[]>>();

/**
 * A node's children, fetched once per page life and shared by every tree (the
 * main tree, the client tree, the drawer after a remount). A failure is not kept.
 */
export function loadChildren(id: CategoryNodeId): Promise<TreeNode[]> {
  let pending = cache.get(id);
  if (!pending) {
    pending = getCategoryChildren(id).then((list) => sortByPriority(list.map(toTreeNode).filter((n): n is TreeNode => n !== null)));
    cache.set(id, pending);
    pending.catch(() => {
      if (cache.get(id) === pending) cache.delete(id);
    });
  }
  return pending;
}

/** Forgets fetched children (tests). */
export function resetCategoryCache(): void {
  cache.clear();
}

/** The trees on the page, each able to read its open lists again. */
const trees = new Set<() => Promise<void>>();

/** Registers a tree's refresh for categoriesChanged(); returns the unregister. */
export function onCategoriesChanged(refresh: () => Promise<void>): () => void {
  trees.add(refresh);
  return () => {
    trees.delete(refresh);
  };
}

/**
 * After an admin moved a category: forgets every fetched list and has every
 * tree on the page (the main one, the client one) read its lists again.
 * Resolves when they have.
 */
export async function categoriesChanged(): Promise<void> {
  cache.clear();
  await Promise.all([...trees].map((refresh) => refresh()));
}
