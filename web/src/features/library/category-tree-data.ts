import type { CategoryFields } from '@kit/contract';
import { getCategoryChildren, type CategoryNodeId } from '../../api/library.ts';

/** A category as the tree draws it (SPEC §3 Category, the fields the tree asks for). */
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

/** SPEC §3: siblings sorted by priority (the server sorts too; ties by name keep it stable). */
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

/** Forgets fetched children (tests; after an admin edits categories). */
export function resetCategoryCache(): void {
  cache.clear();
}
