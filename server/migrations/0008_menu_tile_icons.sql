-- The pictogram a menu tile shows, chosen by an admin from the set the
-- contract names (TILE_ICONS in server/contract/src/portal-data.ts; the API
-- refuses any other). NULL: the catalogue tool's own pictogram, or the default
-- one for a tile an admin added. Not a CHECK constraint: a pictogram added to
-- the set later needs no migration, and a name dropped from it falls back.
ALTER TABLE menu_tiles ADD COLUMN icon TEXT;
