import { MAX_CUSTOM_TILES, type AdminMenu, type AdminTile, type CreateTile, type ServicesModeName, type TileTarget, type ToolId, type UpdateTile } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { Settings } from '../../kit-settings/kit-settings.ts';
import { readSettings } from '../../kit-settings/kit-settings.repo.ts';
import { MODES, TOOLS } from './menu.catalog.ts';
import { countCustomTiles, deleteTileRow, existingCategoryIds, findCustomTile, findMenuTiles, findToolOverride, insertCustomTile, updateCustomTile, upsertToolOverride, type DbMenuTile } from './menu.repo.ts';
import { categoryTargets, CUSTOM_PREFIX, isToolId, resolveTiles } from './menu.service.ts';

/** Every tile of a mode as it stands now (hidden and admin-only ones included). */
export function loadModeTiles(db: Db, mode: ServicesModeName, settings: Settings): AdminTile[] {
  const rows = findMenuTiles(db, mode);
  return resolveTiles(mode, rows, {
    productSlug: settings.productSlug,
    productName: settings.productName,
    tutorialCategoryId: settings.tutorialCategoryId,
    categoryIds: existingCategoryIds(db, categoryTargets(rows, settings.tutorialCategoryId)),
  });
}

const invalid = (reason: string): AppError => new AppError('TILE_TARGET_INVALID', { field: 'target.value', reason });

/**
 * A target admins may set, normalised: a route of this PWA (not the API), an
 * existing category, a type code 1–6, an http(s) address of another service
 * on the kit, or none.
 */
export function checkTarget(db: Db, target: TileTarget): TileTarget {
  const value = target.value.trim();
  switch (target.kind) {
    case 'route':
      if (!/^\/(?![/\\])[^\s\\]*$/.test(value) || /^\/api(\/|\?|$)/.test(value)) throw invalid('route');
      return { kind: 'route', value };
    case 'category':
      if (!/^[1-9][0-9]{0,9}$/.test(value) || !existingCategoryIds(db, [Number(value)]).has(Number(value))) throw invalid('category');
      return { kind: 'category', value };
    case 'type':
      if (!/^[1-6]$/.test(value)) throw invalid('type');
      return { kind: 'type', value };
    case 'url': {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw invalid('url');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('url');
      return { kind: 'url', value: url.href };
    }
    case 'none':
      return { kind: 'none', value: '' };
  }
}

type TileRef = { kind: 'tool'; toolId: ToolId } | { kind: 'custom'; row: DbMenuTile };

function findTile(db: Db, mode: ServicesModeName, key: string): TileRef {
  if (key.startsWith(CUSTOM_PREFIX)) {
    const row = findCustomTile(db, mode, Number(key.slice(CUSTOM_PREFIX.length)));
    if (!row) throw new AppError('TILE_NOT_FOUND', { key });
    return { kind: 'custom', row };
  }
  if (!isToolId(key) || !MODES[mode].tools.includes(key)) throw new AppError('TILE_NOT_FOUND', { key });
  return { kind: 'tool', toolId: key };
}

function pick(tiles: readonly AdminTile[], key: string): AdminTile {
  const tile = tiles.find((t) => t.key === key);
  if (!tile) throw new AppError('TILE_NOT_FOUND', { key });
  return tile;
}

/** Adds a tile at the end of the mode's menu. */
export function addTile(db: Db, mode: ServicesModeName, body: CreateTile): AdminTile {
  const settings = readSettings(db);
  const target = checkTarget(db, body.target);
  const id = db.transaction(() => {
    if (countCustomTiles(db, mode) >= MAX_CUSTOM_TILES) throw new AppError('TILE_LIMIT', { max: MAX_CUSTOM_TILES });
    const last = loadModeTiles(db, mode, settings).length;
    return insertCustomTile(db, mode, {
      label: body.label.trim(),
      targetKind: target.kind,
      targetValue: target.value,
      hidden: body.hidden ?? false,
      position: last,
      icon: body.icon ?? null,
    });
  })();
  return pick(loadModeTiles(db, mode, settings), `${CUSTOM_PREFIX}${id}`);
}

/**
 * Changes a tile's label, target, visibility or pictogram; a null label,
 * target or pictogram puts a catalogue tool's back as the catalogue has it
 * (an added tile's null pictogram is the default one).
 */
export function editTile(db: Db, mode: ServicesModeName, key: string, body: UpdateTile): AdminTile {
  const settings = readSettings(db);
  const ref = findTile(db, mode, key);
  const target = body.target ? checkTarget(db, body.target) : body.target;
  const label = body.label ? body.label.trim() : body.label;
  if (ref.kind === 'tool') {
    const tool = TOOLS[ref.toolId];
    if (target !== undefined && tool.lockedTarget) throw new AppError('TILE_LOCKED', { key, field: 'target' });
    if (body.hidden === true && tool.lockedHidden) throw new AppError('TILE_LOCKED', { key, field: 'hidden' });
    upsertToolOverride(db, mode, ref.toolId, { label, target, hidden: body.hidden, icon: body.icon });
  } else {
    // An added tile has no catalogue to fall back on: it always keeps a label and a target.
    if (label === null || target === null) throw new AppError('VALIDATION', { field: label === null ? 'label' : 'target' });
    updateCustomTile(db, ref.row, { label, target, hidden: body.hidden, icon: body.icon });
  }
  return pick(loadModeTiles(db, mode, settings), key);
}

/** Deletes an added tile, or puts a catalogue tool back exactly as the catalogue has it (name, target, place, shown). */
export function removeTile(db: Db, mode: ServicesModeName, key: string): void {
  const ref = findTile(db, mode, key);
  const row = ref.kind === 'custom' ? ref.row : findToolOverride(db, mode, ref.toolId);
  if (row) deleteTileRow(db, row.id);
}

/** Stores a new order: `keys` must name every tile of the mode once. */
export function orderTiles(db: Db, mode: ServicesModeName, keys: readonly string[]): AdminTile[] {
  const settings = readSettings(db);
  db.transaction(() => {
    const current = loadModeTiles(db, mode, settings).map((t) => t.key);
    if (keys.length !== current.length || !current.every((key) => keys.includes(key))) {
      throw new AppError('TILE_ORDER_INVALID', { field: 'keys', expected: current });
    }
    keys.forEach((key, position) => {
      const ref = findTile(db, mode, key);
      if (ref.kind === 'tool') upsertToolOverride(db, mode, ref.toolId, { position });
      else updateCustomTile(db, ref.row, { position });
    });
  })();
  return loadModeTiles(db, mode, settings);
}

/** A mode's menu as the admins edit it: whether it is the one in use, its titles and every tile. */
export function adminMenu(db: Db, mode: ServicesModeName): AdminMenu {
  const settings = readSettings(db);
  return { mode, active: settings.servicesMode === mode, title: MODES[mode].title, mobileTitle: MODES[mode].mobileTitle, tiles: loadModeTiles(db, mode, settings) };
}
