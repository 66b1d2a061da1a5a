-- Portal (docs/API-portal.md): the menu tiles admins configure, and what the rest of the
-- portal keeps: the packages of the download pages, contact messages, and
-- the ads board's moderation and search beyond 0001.

-- Per-mode tile overrides. A row with tool_id changes a catalogue tool
-- (server/src/modules/menu/menu.catalog.ts); a row without one is a
-- tile an admin added. NULL means "as the catalogue says": label → its name,
-- target_kind → its target, position → its order. A category target is a
-- category id as text; if the category goes, the tile shows no target.
CREATE TABLE menu_tiles (
  id           INTEGER PRIMARY KEY,
  mode         TEXT    NOT NULL CHECK (mode IN ('default', 'planet', 'community')),
  tool_id      TEXT,
  label        TEXT,
  target_kind  TEXT    CHECK (target_kind IN ('route', 'category', 'type', 'url', 'none')),
  target_value TEXT    NOT NULL DEFAULT '',
  hidden       INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  position     INTEGER,
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (tool_id IS NOT NULL OR (label IS NOT NULL AND target_kind IS NOT NULL))
);
CREATE UNIQUE INDEX menu_tiles_tool ON menu_tiles (mode, tool_id) WHERE tool_id IS NOT NULL;

-- Packages admins upload: the group's mobile app (kind 'app'; the setting
-- appPackageId names the one offered) and browsers for old phones ('browser').
CREATE TABLE download_packages (
  id           INTEGER PRIMARY KEY,
  kind         TEXT    NOT NULL CHECK (kind IN ('app', 'browser')),
  name         TEXT    NOT NULL,
  version      TEXT    NOT NULL DEFAULT '',
  notes        TEXT    NOT NULL DEFAULT '',
  media_sha256 TEXT    NOT NULL REFERENCES media (sha256),
  file_name    TEXT    NOT NULL,                -- safe download name, never a path
  downloads    INTEGER NOT NULL DEFAULT 0,
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX download_packages_kind ON download_packages (kind, created_at DESC);
CREATE INDEX download_packages_media ON download_packages (media_sha256);

-- Messages of the contact form, for admins.
CREATE TABLE contact_messages (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
  name       TEXT    NOT NULL,
  reply_to   TEXT    NOT NULL,
  message    TEXT    NOT NULL,
  created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC);

-- Ads board: the moderator's reason and who decided, and a folded copy of
-- the text (lower case, no accents) for accent-insensitive search.
ALTER TABLE ads ADD COLUMN status_reason TEXT;
ALTER TABLE ads ADD COLUMN moderated_by INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE ads ADD COLUMN moderated_at TEXT;
ALTER TABLE ads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
CREATE INDEX ads_user ON ads (user_id, status);
