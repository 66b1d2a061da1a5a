import type { Category } from '@kit/contract';
import { useState } from 'react';
import { CategoryAdminTree } from './CategoryAdminTree.tsx';
import { useCategoryAdmin } from './use-category-admin.ts';
import type { KeyMove } from './drop-rules.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import type { AdminPages } from '../../ui/admin-pages.ts';

const t = esAdmin.category;
/** The toolbar's buttons for the keyboard moves, in its order. */
const KEY_MOVE_BUTTONS: readonly KeyMove[] = ['up', 'down', 'indent', 'outdent'];

/** /admin/category: the tree with drag and drop (mouse and touch) and keyboard moves (features/categories). */
export function AdminCategoryPage() {
  const { store, state, expanded, selected: sel, selectedId, setSelectedId, run, toggle, open, drag, keyMove, onKey } = useCategoryAdmin();
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState('');
  const [confirm, setConfirm] = useState<Category | null>(null);
  const select = (c: Category) => {
    setSelectedId(c.id);
    setRenaming(c.name);
  };

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
            if (sel) await open(sel.id);
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
          <button type="button" className="button button--light" disabled={busy} onClick={() => void run(() => store.setHidden(sel, sel.statusId !== 0), sel.statusId !== 0 ? t.hiddenSaved : t.shownSaved)}>
            {sel.statusId !== 0 ? t.hide : t.show}
          </button>
          <button type="button" className="button button--light" disabled={busy} onClick={() => setConfirm(sel)}>{t.delete}</button>
          <button type="button" className="button button--light" onClick={() => setSelectedId(null)}>{t.unselect}</button>
        </div>
      )}
      <div aria-busy={state.loading || busy}>
        <CategoryAdminTree parentId={null} state={state} expanded={expanded} selectedId={selectedId} drag={drag} onSelect={select} onToggle={toggle} onKey={(e, c) => onKey(e, c, select)} />
      </div>
      {confirm && (
        <DeleteDialog
          wording={t.deleteWording(confirm.name)}
          onCancel={() => setConfirm(null)}
          onConfirm={async () => {
            const target = confirm;
            setConfirm(null);
            await run(async () => {
              await store.remove(target);
              setSelectedId(null);
            }, t.deleted);
          }}
        />
      )}
    </section>
  );
}

export const adminPages: AdminPages = { category: { Component: AdminCategoryPage } };
