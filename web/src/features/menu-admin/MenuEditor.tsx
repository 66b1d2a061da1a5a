import type { AdminTile } from '@kit/contract';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { addTile, editTile, orderTiles, removeTile, updateSettings } from '../../api/menu-admin.ts';
import { es } from '../../i18n/es.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { ConfirmDialog } from '../../ui/modal/ConfirmDialog.tsx';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { fill } from '../../ui/fill.ts';
import { Pictogram } from '../menu/Pictogram.tsx';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { portalErrorMessage } from '../portal/portal-errors.ts';
import { EDITOR_MODES, type MenuEditorData } from './menu-editor-loader.ts';
import { describeTarget, moveKey } from './tile-target.ts';
import { TileDialog, type TileChanges } from './TileDialog.tsx';

const t = esPortal.menuEditor;

type Dialog = { kind: 'add' } | { kind: 'edit'; tile: AdminTile } | { kind: 'remove'; tile: AdminTile } | null;

/**
 * The menu editor (admins, reached from the menu's add-tool tile): each
 * services mode's tiles with their names, targets, visibility and order.
 */
export function MenuEditor({ data }: { data: MenuEditorData }) {
  const { mode, menu, categories, productSlug } = data;
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const keys = menu.tiles.map((tile) => tile.key);

  /** Runs a change, says how it went, reloads the editor; rethrows so a dialog stays open on failure. */
  const run = async (change: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await change();
      notifySuccess(done);
      setDialog(null);
      await revalidator.revalidate();
    } catch (error) {
      notifyError(portalErrorMessage(error, t.failed));
      throw error;
    } finally {
      setBusy(false);
    }
  };
  const quietly = (promise: Promise<unknown>) => void promise.catch(() => undefined);

  const save = (tile: AdminTile | null) => async (changes: TileChanges) => {
    if (tile === null) {
      const label = changes.label ?? '';
      return run(() => addTile(mode, { label, target: changes.target ?? { kind: 'none', value: '' }, icon: changes.icon ?? undefined }), t.added);
    }
    return run(
      () => editTile(mode, tile.key, { label: changes.label, icon: changes.icon, ...(changes.target === undefined ? {} : { target: changes.target }) }),
      t.saved,
    );
  };

  return (
    <>
      <nav className="chip-list" aria-label={t.modes}>
        {EDITOR_MODES.map((item) => (
          <Link key={item} className="chip" to={`/admin/menu?modo=${item}`} aria-current={item === mode ? 'page' : undefined}>
            {es.servicesModes[item]}
          </Link>
        ))}
      </nav>

      <div className="menu-editor__mode">
        <h2>{menu.title}</h2>
        {menu.active ? (
          <span className="badge badge--active">{t.active}</span>
        ) : (
          <button
            type="button"
            className="button button--light"
            disabled={busy}
            onClick={() => quietly(run(() => updateSettings({ servicesMode: mode }), fill(t.activated, { mode: es.servicesModes[mode] })))}
          >
            {t.activate}
          </button>
        )}
      </div>

      <ol className="tile-list" aria-label={t.tiles}>
        {menu.tiles.map((tile, index) => (
          <TileRow
            key={tile.key}
            tile={tile}
            target={tile.disabled ? t.disabled : describeTarget(tile.target, categories, productSlug)}
            busy={busy}
            first={index === 0}
            last={index === keys.length - 1}
            onMove={(step) => quietly(run(() => orderTiles(mode, moveKey(keys, tile.key, step)), t.saved))}
            onToggleHidden={() => quietly(run(() => editTile(mode, tile.key, { hidden: !tile.hidden }), t.saved))}
            onEdit={() => setDialog({ kind: 'edit', tile })}
            onRemove={() => setDialog({ kind: 'remove', tile })}
          />
        ))}
      </ol>

      <button type="button" className="button" onClick={() => setDialog({ kind: 'add' })}>
        {t.add}
      </button>

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <TileDialog
          tile={dialog.kind === 'edit' ? dialog.tile : null}
          categories={categories}
          onSave={save(dialog.kind === 'edit' ? dialog.tile : null)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' &&
        (dialog.tile.custom ? (
          <DeleteDialog wording={t.deleteWording(dialog.tile.name)} onConfirm={() => run(() => removeTile(mode, dialog.tile.key), t.removed).catch(() => undefined)} onCancel={() => setDialog(null)} />
        ) : (
          <ConfirmDialog
            title={fill(t.resetTitle, { name: dialog.tile.name })}
            message={t.confirmReset}
            confirmLabel={t.reset}
            workingLabel={t.resetting}
            onConfirm={() => run(() => removeTile(mode, dialog.tile.key), t.resetDone).catch(() => undefined)}
            onCancel={() => setDialog(null)}
          />
        ))}
    </>
  );
}

interface TileRowProps {
  tile: AdminTile;
  /** where the tile goes, in words */
  target: string;
  busy: boolean;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onToggleHidden: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** One tile of the mode: its pictogram, name, badges and target, and what can be done to it. */
function TileRow({ tile, target, busy, first, last, onMove, onToggleHidden, onEdit, onRemove }: TileRowProps) {
  return (
    <li className={tile.hidden ? 'surface tile-row tile-row--hidden' : 'surface tile-row'} data-testid={`tile-${tile.key}`}>
      <span className="round-mark tile-row__pictogram">
        <Pictogram name={tile.icon} />
      </span>
      <div className="tile-row__info">
        <strong>{tile.name}</strong>
        <span className="tile-row__badges">
          {tile.hidden && <span className="badge">{t.hidden}</span>}
          {tile.disabled && <span className="badge">{t.disabled}</span>}
          {tile.adminOnly && <span className="badge">{t.adminOnly}</span>}
          {tile.custom && <span className="badge">{t.custom}</span>}
        </span>
        <span className="tile-row__target">{target}</span>
      </div>
      <div className="tile-row__actions">
        <button
          type="button"
          className="icon-button"
          aria-label={fill(t.moveUp, { name: tile.name })}
          disabled={busy || first}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={fill(t.moveDown, { name: tile.name })}
          disabled={busy || last}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <button type="button" className="button button--light" disabled={busy} onClick={onEdit}>
          {t.edit}
        </button>
        {!tile.lockedHidden && (
          <button type="button" className="button button--light" disabled={busy} onClick={onToggleHidden}>
            {tile.hidden ? t.show : t.hide}
          </button>
        )}
        {(tile.custom || tile.label !== null || tile.targetOverridden) && (
          <button type="button" className="button button--light" disabled={busy} onClick={onRemove}>
            {tile.custom ? esPortal.common.delete : t.reset}
          </button>
        )}
      </div>
    </li>
  );
}
