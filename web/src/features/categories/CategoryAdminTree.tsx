import type { Category } from '@kit/contract';
import type { KeyboardEvent } from 'react';
import { esAdmin } from '../../i18n/es-admin.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { useCategoryDrag } from './use-category-drag.ts';
import type { CategoryState } from './category-store.ts';
import './category-admin-tree.css';

const t = esAdmin.category;

interface CategoryAdminTreeProps {
  parentId: number | null;
  state: CategoryState;
  expanded: ReadonlySet<number>;
  selectedId: number | null;
  drag: ReturnType<typeof useCategoryDrag>;
  onSelect: (c: Category) => void;
  onToggle: (c: Category) => void;
  onKey: (e: KeyboardEvent, c: Category) => void;
}

/** One level of /admin/category's tree, and the open levels below it: rows to select, open, drag and move by keyboard. */
export function CategoryAdminTree(props: CategoryAdminTreeProps) {
  const { parentId, state, expanded, selectedId, drag, onSelect, onToggle, onKey } = props;
  return (
    <ul className="cat-tree" role={parentId === null ? 'tree' : 'group'} aria-label={parentId === null ? t.title : undefined}>
      {(state.children.get(parentId) ?? []).map((c) => (
        <li key={c.id} role="treeitem" aria-expanded={c.childrenCount > 0 ? expanded.has(c.id) : undefined} aria-selected={selectedId === c.id}>
          <div
            className="cat-row"
            data-testid={`category-${c.name}`}
            data-drop={drag.indicator?.id === c.id ? drag.indicator.pos : undefined}
            tabIndex={0}
            onClick={() => onSelect(c)}
            onKeyDown={(e) => onKey(e, c)}
            {...drag.source(c.id)}
            {...drag.target(c.id)}
          >
            {c.childrenCount > 0 ? (
              <button
                type="button"
                className="icon-button cat-row__toggle"
                data-open={expanded.has(c.id)}
                aria-label={expanded.has(c.id) ? t.collapse : t.expand}
                onClick={(e) => {
                  e.stopPropagation();
                  onToggle(c);
                }}
              >
                <Icon name="chevron" size={18} />
              </button>
            ) : (
              <span className="cat-row__toggle" aria-hidden="true" />
            )}
            <span className="cat-row__name">{c.name}</span>
            {c.statusId === 0 && <span className="cat-row__hidden">{t.hiddenBadge}</span>}
            {c.childrenCount > 0 && <span className="cat-row__count">({c.childrenCount})</span>}
          </div>
          {expanded.has(c.id) && <CategoryAdminTree {...props} parentId={c.id} />}
        </li>
      ))}
    </ul>
  );
}
