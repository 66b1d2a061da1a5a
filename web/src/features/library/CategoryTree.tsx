import { useEffect, useId, useMemo, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { getCategoryBranch, type CategoryNodeId } from '../../api/library.ts';
import { esLibrary } from '../../i18n/es-library.ts';
import { es } from '../../i18n/es.ts';
import type { TreeNode } from './category-tree-data.ts';
import { Icon } from '../../ui/Icon.tsx';
import { treeNodeWidth } from './tree-width.ts';
import { useCategoryTree, visibleNodes, type CategoryTreeState, type VisibleNode } from './use-category-tree.ts';
import type { TreeArrange } from './use-tree-arrange.ts';
import { useTreeFocus } from './use-tree-focus.ts';

export interface CategoryTreeProps {
  /** 'root' for the whole library, or a category whose subtree this tree shows */
  rootId: CategoryNodeId;
  /** the library's slug: a node links to /{product}?c={id} */
  productSlug: string;
  /** the category the page shows (?c=), highlighted and revealed */
  selectedId: number | null;
  /** top-level categories left out (the client category has its own tree) */
  exclude?: readonly number[];
  label: string;
  /** an admin may reorder and move categories here: drag handles and Alt + arrows */
  canArrange?: boolean;
}

/** Reveals the selected category: opens its ancestors (and itself, to show its subcategories). */
function useRevealSelected(selectedId: number | null, rootId: CategoryNodeId, expand: CategoryTreeState['expand']) {
  useEffect(() => {
    if (selectedId === null) return undefined;
    const controller = new AbortController();
    getCategoryBranch(selectedId, controller.signal, 'id').then(
      (branch) => expand(branch.map((c) => c.id).filter((id): id is number => id !== undefined && id !== rootId)),
      () => undefined, // the page itself reports an unknown category
    );
    return () => controller.abort();
  }, [selectedId, expand, rootId]);
}

/**
 * docs/PRODUCT.md#category-tree category tree: lazily loaded (a node's children are fetched when it
 * is first opened), nodes 273px wide less 22px per level (docs/PRODUCT.md#category-tree), a click
 * goes to /{product}?c={id}. Keyboard: the WAI-ARIA tree pattern (arrows,
 * Home, End, Enter). For admins (`canArrange`) it supports drag and drop: a
 * handle per row for the mouse and a finger, Alt + arrows for the keyboard.
 */
export function CategoryTree({ rootId, productSlug, selectedId, exclude = [], label, canArrange = false }: CategoryTreeProps) {
  const tree = useCategoryTree(rootId);
  const navigate = useNavigate();
  const excluded = useMemo(() => new Set(exclude), [exclude]);
  const visible = useMemo(() => visibleNodes(rootId, tree.children, tree.expanded, excluded), [rootId, tree.children, tree.expanded, excluded]);
  const idPrefix = useId();
  const { focusedId, setFocusedId, focusNode, register, arrange } = useTreeFocus(tree, visible, rootId);
  useRevealSelected(selectedId, rootId, tree.expand);

  const rootState = tree.children.get(rootId);
  if (rootState === undefined || rootState.status === 'loading') {
    return (
      <p className="category-tree__status" role="status">
        {esLibrary.tree.loading}
      </p>
    );
  }
  if (rootState.status === 'error') {
    return <TreeError onRetry={() => tree.load(rootId)} />;
  }

  const tabStop = visible.some((v) => v.node.id === focusedId)
    ? focusedId
    : (visible.find((v) => v.node.id === selectedId)?.node.id ?? visible[0]?.node.id ?? null);

  const open = (node: TreeNode) => {
    if (node.childrenCount > 0) tree.expand([node.id]);
    void navigate(`/${productSlug}?c=${node.id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = visible.findIndex((v) => v.node.id === tabStop);
    const current = visible[index];
    if (!current) return;
    if (canArrange && arrange.onKeyDown(event, current, visible)) {
      event.preventDefault();
      return;
    }
    const { node } = current;
    const isOpen = tree.expanded.has(node.id);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        focusNode(visible[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focusNode(visible[index - 1]?.node.id);
        break;
      case 'Home':
        focusNode(visible[0]?.node.id);
        break;
      case 'End':
        focusNode(visible[visible.length - 1]?.node.id);
        break;
      case 'ArrowRight':
        if (node.childrenCount > 0 && !isOpen) tree.expand([node.id]);
        else if (isOpen) focusNode(visible[index + 1]?.parentId === node.id ? visible[index + 1]?.node.id : undefined);
        break;
      case 'ArrowLeft':
        if (isOpen) tree.collapse(node.id);
        else focusNode(current.parentId);
        break;
      case 'Enter':
      case ' ':
        open(node);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <>
      {canArrange && (
        <p id={`${idPrefix}-hint`} className="category-tree__hint">
          {esLibrary.tree.arrangeHint}
        </p>
      )}
      <ul className="category-tree" role="tree" aria-label={label} aria-describedby={canArrange ? `${idPrefix}-hint` : undefined} onKeyDown={onKeyDown}>
        <TreeLevel
          parentId={rootId}
          depth={0}
          tree={tree}
          visible={visible}
          selectedId={selectedId}
          tabStop={tabStop}
          excluded={excluded}
          onOpen={open}
          onFocusNode={setFocusedId}
          arrange={canArrange ? arrange : null}
          idPrefix={idPrefix}
          register={register}
        />
      </ul>
    </>
  );
}

interface TreeLevelProps {
  parentId: CategoryNodeId;
  depth: number;
  tree: CategoryTreeState;
  visible: readonly VisibleNode[];
  selectedId: number | null;
  tabStop: number | null;
  excluded: ReadonlySet<number>;
  onOpen: (node: TreeNode) => void;
  onFocusNode: (id: number) => void;
  register: (id: number, el: HTMLLIElement | null) => void;
  /** an admin's drag and drop, null for everyone else */
  arrange: TreeArrange | null;
  /** makes the ids naming each item unique in the page (there may be two trees) */
  idPrefix: string;
}

function TreeLevel(props: TreeLevelProps) {
  const { parentId, depth, tree, excluded } = props;
  const state = tree.children.get(parentId);
  if (state?.status !== 'ready') return null;
  const nodes = depth === 0 ? state.nodes.filter((n) => !excluded.has(n.id)) : state.nodes;
  return (
    <>
      {nodes.map((node, index) => (
        <TreeItem key={node.id} {...props} node={node} position={index + 1} setSize={nodes.length} />
      ))}
    </>
  );
}

function TreeItem({
  node,
  position,
  setSize,
  ...props
}: TreeLevelProps & { node: TreeNode; position: number; setSize: number }) {
  const { depth, tree, selectedId, tabStop, onOpen, onFocusNode, register, arrange, idPrefix } = props;
  const nameId = `${idPrefix}-${node.id}`;
  const hasChildren = node.childrenCount > 0;
  const isOpen = hasChildren && tree.expanded.has(node.id);
  const childState = tree.children.get(node.id);
  return (
    <li
      ref={(el) => register(node.id, el)}
      role="treeitem"
      aria-labelledby={nameId}
      aria-level={depth + 1}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-expanded={hasChildren ? isOpen : undefined}
      aria-selected={node.id === selectedId}
      aria-busy={isOpen && childState?.status === 'loading' ? true : undefined}
      tabIndex={node.id === tabStop ? 0 : -1}
      className="category-tree__item"
      data-hidden-category={node.statusId === 0 ? 'true' : undefined}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusNode(node.id);
      }}
    >
      <div
        className="category-tree__row"
        style={{ width: treeNodeWidth(depth) }}
        data-depth={depth}
        data-drop={arrange?.drag.indicator?.id === node.id ? arrange.drag.indicator.pos : undefined}
        onClick={() => onOpen(node)}
        {...arrange?.drag.target(node.id)}
      >
        {hasChildren ? (
          <span
            className="category-tree__toggle"
            aria-hidden="true"
            data-open={isOpen}
            onClick={(event) => {
              event.stopPropagation();
              tree.toggle(node.id);
            }}
          >
            <Icon name="chevron" size={18} />
          </span>
        ) : (
          <span className="category-tree__toggle category-tree__toggle--leaf" aria-hidden="true" />
        )}
        <span className="category-tree__name" id={nameId}>
          {node.name}
        </span>
        {arrange && (
          // mouse and finger only: the keyboard moves the focused item with Alt + arrows
          <span className="category-tree__handle" aria-hidden="true" onClick={(event) => event.stopPropagation()} {...arrange.drag.source(node.id)}>
            <Icon name="grip" size={18} />
          </span>
        )}
      </div>
      {isOpen && (
        <ul role="group" className="category-tree__group">
          {childState?.status === 'ready' && <TreeLevel {...props} parentId={node.id} depth={depth + 1} />}
          {childState?.status === 'loading' && (
            <li role="none" className="category-tree__status">
              {esLibrary.tree.loading}
            </li>
          )}
          {childState?.status === 'error' && (
            <li role="none">
              <TreeError onRetry={() => tree.load(node.id)} />
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function TreeError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="category-tree__status" role="alert">
      <span>{esLibrary.tree.failed}</span>
      <button type="button" className="button button--light" onClick={onRetry}>
        {es.common.retry}
      </button>
    </div>
  );
}
