/** docs/PRODUCT.md#category-tree: a category tree node is 273px wide at the top level, 22px narrower per level down. */
export const TREE_NODE_WIDTH = 273;
export const TREE_INDENT = 22;
/** Deep levels never shrink below this, so their names stay readable. */
export const TREE_NODE_MIN_WIDTH = 120;

export function treeNodeWidth(depth: number): number {
  return Math.max(TREE_NODE_MIN_WIDTH, TREE_NODE_WIDTH - TREE_INDENT * Math.max(0, depth));
}
