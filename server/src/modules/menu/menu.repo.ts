import type { BannerSlot, ServicesModeName, TileTargetKind } from '@kit/contract';
import type { Db } from '../../db/connection.ts';

/** A menu_tiles row: an override of a catalogue tool (tool_id) or a tile an admin added. */
export interface DbMenuTile {
  id: number;
  tool_id: string | null;
  label: string | null;
  target_kind: TileTargetKind | null;
  target_value: string;
  hidden: number;
  position: number | null;
  /** a pictogram name (the API accepted it from TILE_ICONS); null: the tile's default */
  icon: string | null;
}

const TILE_COLUMNS = 'id, tool_id, label, target_kind, target_value, hidden, position, icon';

export function findMenuTiles(db: Db, mode: ServicesModeName): DbMenuTile[] {
  return db.prepare<[string], DbMenuTile>(`SELECT ${TILE_COLUMNS} FROM menu_tiles WHERE mode = ? ORDER BY id`).all(mode);
}

export function findToolOverride(db: Db, mode: ServicesModeName, toolId: string): DbMenuTile | undefined {
  return db.prepare<[string, string], DbMenuTile>(`SELECT ${TILE_COLUMNS} FROM menu_tiles WHERE mode = ? AND tool_id = ?`).get(mode, toolId);
}

export function findCustomTile(db: Db, mode: ServicesModeName, id: number): DbMenuTile | undefined {
  return db
    .prepare<[string, number], DbMenuTile>(`SELECT ${TILE_COLUMNS} FROM menu_tiles WHERE mode = ? AND id = ? AND tool_id IS NULL`)
    .get(mode, id);
}

export function countCustomTiles(db: Db, mode: ServicesModeName): number {
  return db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM menu_tiles WHERE mode = ? AND tool_id IS NULL').get(mode)?.n ?? 0;
}

export interface NewCustomTile {
  label: string;
  targetKind: TileTargetKind;
  targetValue: string;
  hidden: boolean;
  position: number;
  icon: string | null;
}

export function insertCustomTile(db: Db, mode: ServicesModeName, tile: NewCustomTile): number {
  const result = db
    .prepare('INSERT INTO menu_tiles (mode, label, target_kind, target_value, hidden, position, icon) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(mode, tile.label, tile.targetKind, tile.targetValue, tile.hidden ? 1 : 0, tile.position, tile.icon);
  return Number(result.lastInsertRowid);
}

/** The fields of a row an edit sets; undefined leaves a field as it is. */
export interface TileChanges {
  label?: string | null;
  target?: { kind: TileTargetKind; value: string } | null;
  hidden?: boolean;
  position?: number | null;
  icon?: string | null;
}

function applyChanges(row: DbMenuTile, changes: TileChanges): DbMenuTile {
  return {
    ...row,
    label: changes.label === undefined ? row.label : changes.label,
    target_kind: changes.target === undefined ? row.target_kind : (changes.target?.kind ?? null),
    target_value: changes.target === undefined ? row.target_value : (changes.target?.value ?? ''),
    hidden: changes.hidden === undefined ? row.hidden : changes.hidden ? 1 : 0,
    position: changes.position === undefined ? row.position : changes.position,
    icon: changes.icon === undefined ? row.icon : changes.icon,
  };
}

function writeRow(db: Db, row: DbMenuTile): void {
  db.prepare(
    `UPDATE menu_tiles SET label = @label, target_kind = @target_kind, target_value = @target_value, hidden = @hidden,
       position = @position, icon = @icon, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = @id`,
  ).run(row);
}

/** Changes a catalogue tool's override, creating it on the first change. */
export function upsertToolOverride(db: Db, mode: ServicesModeName, toolId: string, changes: TileChanges): void {
  const existing = findToolOverride(db, mode, toolId);
  if (existing) {
    writeRow(db, applyChanges(existing, changes));
    return;
  }
  const blank: DbMenuTile = { id: 0, tool_id: toolId, label: null, target_kind: null, target_value: '', hidden: 0, position: null, icon: null };
  const row = applyChanges(blank, changes);
  db.prepare(
    'INSERT INTO menu_tiles (mode, tool_id, label, target_kind, target_value, hidden, position, icon) VALUES (@mode, @tool_id, @label, @target_kind, @target_value, @hidden, @position, @icon)',
  ).run({ ...row, mode });
}

export function updateCustomTile(db: Db, row: DbMenuTile, changes: TileChanges): void {
  writeRow(db, applyChanges(row, changes));
}

export function deleteTileRow(db: Db, id: number): void {
  db.prepare('DELETE FROM menu_tiles WHERE id = ?').run(id);
}

/** Which of these category ids still exist. */
export function existingCategoryIds(db: Db, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = db.prepare<[string], { id: number }>('SELECT c.id FROM json_each(?) AS j JOIN categories c ON c.id = j.value').all(JSON.stringify(ids));
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------- banners

export interface DbBanner {
  id: number;
  slot: BannerSlot;
  media_sha256: string;
  ext: string;
  active: number;
  created_at: string;
}

const BANNER_SELECT = 'SELECT b.id, b.slot, b.media_sha256, m.ext, b.active, b.created_at FROM banners b JOIN media m ON m.sha256 = b.media_sha256';

export function findBanners(db: Db): DbBanner[] {
  return db.prepare<[], DbBanner>(`${BANNER_SELECT} ORDER BY b.slot, b.id DESC`).all();
}

export function findBanner(db: Db, id: number): DbBanner | undefined {
  return db.prepare<[number], DbBanner>(`${BANNER_SELECT} WHERE b.id = ?`).get(id);
}

/** The newest active banner of each menu slot. */
export function activeMenuBanners(db: Db): DbBanner[] {
  return db
    .prepare<[], DbBanner>(
      `${BANNER_SELECT} WHERE b.active = 1 AND b.slot <> 'publicity'
         AND b.id = (SELECT max(id) FROM banners WHERE slot = b.slot AND active = 1)`,
    )
    .all();
}

export function activePublicityBanners(db: Db): DbBanner[] {
  return db.prepare<[], DbBanner>(`${BANNER_SELECT} WHERE b.active = 1 AND b.slot = 'publicity' ORDER BY b.id`).all();
}

/** A menu slot shows one banner: a new one retires the others of its slot; publicity banners rotate, so they add up. */
export function insertBanner(db: Db, slot: BannerSlot, sha256: string): number {
  return db.transaction(() => {
    if (slot !== 'publicity') db.prepare('UPDATE banners SET active = 0 WHERE slot = ?').run(slot);
    return Number(db.prepare('INSERT INTO banners (slot, media_sha256) VALUES (?, ?)').run(slot, sha256).lastInsertRowid);
  })();
}

export function deleteBanner(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM banners WHERE id = ?').run(id).changes > 0;
}
