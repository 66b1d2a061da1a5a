import type { Category } from '@kit/contract';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type DragEvent, type KeyboardEvent, type PointerEvent } from 'react';
import * as adminApi from '../api/admin.ts';
import { ApiError } from '../api/client.ts';
import { CategoryStore, findCategory, type CategoryState } from '../features/admin/category-store.ts';
import { ConfirmDialog } from '../features/dialogs/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from '../features/notifications/notifications-store.ts';
import { esAdmin } from '../i18n/es-admin.ts';

const t = esAdmin.category;
export type DropPosition = 'before' | 'after' | 'inside';

/** Top quarter: before; bottom quarter: after; the middle: inside. */
export function dropPositionAt(offsetY: number, height: number): DropPosition {
  if (offsetY < height * 0.25) return 'before';
  if (offsetY > height * 0.75) return 'after';
  return 'inside';
}

const message = (e: unknown) => (e instanceof ApiError && e.message ? e.message : esAdmin.category.loadError);

/** /admin/category: the tree with drag and drop (mouse and touch) and keyboard moves. */
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
  const [drop, setDrop] = useState<{ id: number; pos: DropPosition } | null>(null);
  const dragged = useRef<number | null>(null);

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
    if (!moving || moving.id === target.id) return;
    if (pos === 'inside') {
      await run(() => store.changeParent(moving, target.id));
      expand(target.id);
      if (!state.children.has(target.id)) await run(() => store.load(target.id));
    } else if (pos === 'before') {
      await run(() => store.moveBefore(moving, target));
    } else {
      const sibs = siblingsOf(target).filter((c) => c.id !== moving.id);
      const next = sibs[sibs.findIndex((c) => c.id === target.id) + 1];
      await run(() => (next ? store.moveBefore(moving, next) : store.changeParent(moving, target.parentId)));
    }
  };

  // Keyboard moves of the selected category.
  const moveUp = (c: Category) => {
    const sibs = siblingsOf(c);
    const prev = sibs[sibs.findIndex((x) => x.id === c.id) - 1];
    if (prev) void moveTo(c.id, prev, 'before');
  };
  const moveDown = (c: Category) => {
    const sibs = siblingsOf(c);
    const next = sibs[sibs.findIndex((x) => x.id === c.id) + 1];
    if (next) void moveTo(c.id, next, 'after');
  };
  const indent = (c: Category) => {
    const sibs = siblingsOf(c);
    const prev = sibs[sibs.findIndex((x) => x.id === c.id) - 1];
    if (prev) void moveTo(c.id, prev, 'inside');
  };
  const outdent = (c: Category) => {
    const parent = c.parentId === null ? undefined : findCategory(state, c.parentId);
    if (parent) void moveTo(c.id, parent, 'after');
  };
  const onKey = (e: KeyboardEvent, c: Category) => {
    if (!e.altKey) {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        select(c);
      }
      return;
    }
    const moves: Record<string, (c: Category) => void> = { ArrowUp: moveUp, ArrowDown: moveDown, ArrowRight: indent, ArrowLeft: outdent };
    const fn = moves[e.key];
    if (fn) {
      e.preventDefault();
      select(c);
      fn(c);
    }
  };

  // HTML5 drag and drop (mouse).
  const onDragOver = (e: DragEvent<HTMLDivElement>, c: Category) => {
    if (dragged.current === null) return;
    e.preventDefault();
    const rect = e.currentTarget.getBoundingClientRect();
    setDrop({ id: c.id, pos: dropPositionAt(e.clientY - rect.top, rect.height) });
  };
  const onDrop = (e: DragEvent<HTMLDivElement>, c: Category) => {
    e.preventDefault();
    const rect = e.currentTarget.getBoundingClientRect();
    const id = dragged.current;
    dragged.current = null;
    setDrop(null);
    if (id !== null) void moveTo(id, c, dropPositionAt(e.clientY - rect.top, rect.height));
  };

  // Pointer events (touch): the row under the finger when it lifts.
  const touchAt = (e: PointerEvent) => {
    const el = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>('[data-category-id]');
    if (!el) return null;
    const rect = el.getBoundingClientRect();
    return { id: Number(el.dataset.categoryId), pos: dropPositionAt(e.clientY - rect.top, rect.height) };
  };
  const onPointerDown = (e: PointerEvent, c: Category) => {
    if (e.pointerType !== 'touch') return;
    dragged.current = c.id;
  };
  const onPointerMove = (e: PointerEvent) => {
    if (e.pointerType !== 'touch' || dragged.current === null) return;
    setDrop(touchAt(e));
  };
  const onPointerUp = (e: PointerEvent) => {
    if (e.pointerType !== 'touch' || dragged.current === null) return;
    const id = dragged.current;
    const at = touchAt(e);
    dragged.current = null;
    setDrop(null);
    const target = at ? findCategory(state, at.id) : undefined;
    if (target && target.id !== id) void moveTo(id, target, at!.pos);
  };

  const renderLevel = (parentId: number | null, s: CategoryState) => (
    <ul className="cat-tree" role={parentId === null ? 'tree' : 'group'} aria-label={parentId === null ? t.title : undefined}>
      {(s.children.get(parentId) ?? []).map((c) => (
        <li key={c.id} role="treeitem" aria-expanded={c.childrenCount > 0 ? expanded.has(c.id) : undefined} aria-selected={selected === c.id}>
          <div
            className="cat-row"
            data-category-id={c.id}
            data-testid={`category-${c.name}`}
            data-drop={drop?.id === c.id ? drop.pos : undefined}
            aria-selected={selected === c.id}
            tabIndex={0}
            draggable
            onClick={() => select(c)}
            onKeyDown={(e) => onKey(e, c)}
            onDragStart={(e) => {
              dragged.current = c.id;
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(c.id));
            }}
            onDragEnd={() => {
              dragged.current = null;
              setDrop(null);
            }}
            onDragOver={(e) => onDragOver(e, c)}
            onDragLeave={() => setDrop((d) => (d?.id === c.id ? null : d))}
            onDrop={(e) => onDrop(e, c)}
            onPointerDown={(e) => onPointerDown(e, c)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
          >
            {c.childrenCount > 0 ? (
              <button type="button" className="icon-button" aria-label={expanded.has(c.id) ? t.collapse : t.expand} onClick={(e) => { e.stopPropagation(); toggle(c); }}>
                {expanded.has(c.id) ? '▾' : '▸'}
              </button>
            ) : (
              <span aria-hidden="true" style={{ width: '1.5em' }} />
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
        <input aria-label={t.newName} placeholder={t.newName} value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={80} />
        <button type="submit" className="button" disabled={state.creating}>{sel ? t.createInside : t.create}</button>
      </form>
      {sel && (
        <div className="admin-toolbar" aria-label={t.selected(sel.name)}>
          <span>{t.selected(sel.name)}</span>
          <input aria-label={t.rename} value={renaming} onChange={(e) => setRenaming(e.target.value)} maxLength={80} />
          <button type="button" disabled={busy || !renaming.trim()} onClick={() => void run(() => store.rename(sel, renaming.trim()), t.saved)}>{t.rename}</button>
          <button type="button" disabled={busy} onClick={() => moveUp(sel)}>{t.up}</button>
          <button type="button" disabled={busy} onClick={() => moveDown(sel)}>{t.down}</button>
          <button type="button" disabled={busy} onClick={() => indent(sel)}>{t.indent}</button>
          <button type="button" disabled={busy} onClick={() => outdent(sel)}>{t.outdent}</button>
          <button type="button" disabled={busy} onClick={() => setConfirm(sel)}>{t.delete}</button>
          <button type="button" onClick={() => setSelected(null)}>{t.unselect}</button>
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
