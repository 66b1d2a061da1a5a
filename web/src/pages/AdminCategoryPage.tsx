import type { Category } from '@kit/contract';
import { useEffect, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import * as adminApi from '../api/admin.ts';
import { ApiError } from '../api/client.ts';
import { CategoryStore, findCategory, type CategoryState } from '../features/admin/category-store.ts';
import { keyboardDrop, keyMoveOf, planDrop, type DropPosition, type KeyMove } from '../features/category-drop/drop-rules.ts';
import { useCategoryDrag } from '../features/category-drop/use-category-drag.ts';
import { ConfirmDialog } from '../ui/modal/ConfirmDialog.tsx';
import { Icon } from '../ui/Icon.tsx';
import { notifyError, notifySuccess } from '../ui/notifications/notifications-store.ts';
import { esAdmin } from '../i18n/es-admin.ts';

const t = esAdmin.category;
/** The toolbar's buttons for the keyboard moves, in its order. */
const KEY_MOVE_BUTTONS: readonly KeyMove[] = ['up', 'down', 'indent', 'outdent'];

const message = (e: unknown) => (e instanceof ApiError && e.message ? e.message : esAdmin.category.loadError);

/** /admin/category: the tree with drag and drop (mouse and touch) and keyboard moves (features/category-drop). */
export function AdminCategoryPage() {
  const store = useMemo(
    () =>
      new CategoryStore({
        children: (p) => adminApi.getCategoryChildren(p),
        create: adminApi.createCategory,
        update: adminApi.updateCategory,
        changeParent: adminApi.changeCategoryParent,
        moveBefore: adminApi.moveCategoryBefore,
        remove: adminApi.deleteCategory,
      }),
    [],
  );
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<number | null>(null);
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState('');
  const [confirm, setConfirm] = useState<Category | null>(null);

  useEffect(() => {
    store.load(null).catch((e: unknown) => notifyError(message(e)));
  }, [store]);

  const sel = selected === null ? undefined : findCategory(state, selected);
  const select = (c: Category) => {
    setSelected(c.id);
    setRenaming(c.name);
  };

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
  const expand = (id: number | null) => {
    if (id === null || expanded.has(id)) return;
    setExpanded((s) => new Set(s).add(id));
  };

  const siblingsOf = (c: Category) => state.children.get(c.parentId) ?? [];
  /** Applies a drop of `id` on `target` at `pos`. */
  const moveTo = async (id: number, target: Category, pos: DropPosition) => {
    const moving = findCategory(state, id);
    const move = planDrop(id, target, pos, siblingsOf(target));
    if (!moving || !move) return;
    await run(() => store.applyMove(moving, move));
    if (pos === 'inside') {
      expand(target.id);
      if (!store.state.children.has(target.id)) await run(() => store.load(target.id));
    }
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
  const onKey = (e: KeyboardEvent, c: Category) => {
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

  const renderLevel = (parentId: number | null, s: CategoryState) => (
    <ul className="cat-tree" role={parentId === null ? 'tree' : 'group'} aria-label={parentId === null ? t.title : undefined}>
      {(s.children.get(parentId) ?? []).map((c) => (
        <li key={c.id} role="treeitem" aria-expanded={c.childrenCount > 0 ? expanded.has(c.id) : undefined} aria-selected={selected === c.id}>
          <div
            className="cat-row"
            data-testid={`category-${c.name}`}
            data-drop={drag.indicator?.id === c.id ? drag.indicator.pos : undefined}
            aria-selected={selected === c.id}
            tabIndex={0}
            onClick={() => select(c)}
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
                  toggle(c);
                }}
              >
                <Icon name="chevron" size={18} />
              </button>
            ) : (
              <span className="cat-row__toggle" aria-hidden="true" />
            )}
            <span className="cat-row__name">{c.name}</span>
            {c.childrenCount > 0 && <span className="cat-row__count">({c.childrenCount})</span>}
          </div>
          {expanded.has(c.id) && renderLevel(c.id, s)}
        </li>
      ))}
    </ul>
  );

  const busy = state.creating || state.updating || state.deleting;
  return (
    <section className="admin-page">
      <h1>{t.title}</h1>
      <p>{t.help}</p>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          const name = newName.trim();
          if (!name) return;
          void run(async () => {
            await store.create(name, sel?.id ?? null);
            if (sel) expand(sel.id);
            if (sel && !store.state.children.has(sel.id)) await store.load(sel.id);
            setNewName('');
          }, t.saved);
        }}
      >
        <input className="input" aria-label={t.newName} placeholder={t.newName} value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={80} />
        <button type="submit" className="button" disabled={state.creating}>{sel ? t.createInside : t.create}</button>
      </form>
      {sel && (
        <div className="admin-toolbar" aria-label={t.selected(sel.name)}>
          <span>{t.selected(sel.name)}</span>
          <input className="input" aria-label={t.rename} value={renaming} onChange={(e) => setRenaming(e.target.value)} maxLength={80} />
          <button type="button" className="button button--light" disabled={busy || !renaming.trim()} onClick={() => void run(() => store.rename(sel, renaming.trim()), t.saved)}>{t.rename}</button>
          {KEY_MOVE_BUTTONS.map((move) => (
            <button key={move} type="button" className="button button--light" disabled={busy} onClick={() => keyMove(sel, move)}>{t[move]}</button>
          ))}
          <button type="button" className="button button--light" disabled={busy} onClick={() => setConfirm(sel)}>{t.delete}</button>
          <button type="button" className="button button--ghost" onClick={() => setSelected(null)}>{t.unselect}</button>
        </div>
      )}
      <div aria-busy={state.loading || busy}>{renderLevel(null, state)}</div>
      {confirm && (
        <ConfirmDialog
          title={t.deleteTitle}
          message={t.deleteBody(confirm.name)}
          confirmLabel={t.delete}
          onCancel={() => setConfirm(null)}
          onConfirm={async () => {
            const target = confirm;
            setConfirm(null);
            await run(async () => {
              await store.remove(target);
              setSelected(null);
            }, t.deleted);
          }}
        />
      )}
    </section>
  );
}
