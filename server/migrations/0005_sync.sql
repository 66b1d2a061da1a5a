-- Content packs and sync (docs/SYNC.md). Resources and categories
-- already carry a global_id (0001), stable across kits.

-- Publishers whose signed packs and feeds this kit accepts, besides its own key.
CREATE TABLE sync_trusted_keys (
  key_id     TEXT    PRIMARY KEY,            -- first 16 hex digits of sha256(public key)
  public_key TEXT    NOT NULL UNIQUE,        -- ed25519, SPKI DER in base64
  label      TEXT    NOT NULL,
  added_by   INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

-- The import journal: one row per attempt. 'running' at start means the kit
-- stopped mid-import (the library was not touched: it changes in one
-- transaction at the end); verified files wait in sync/staging/<pack_id>/
-- for the next attempt.
CREATE TABLE sync_imports (
  id          INTEGER PRIMARY KEY,
  pack_id     TEXT    NOT NULL,
  source      TEXT    NOT NULL,              -- 'upload', 'usb', 'hub'
  status      TEXT    NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'refused', 'interrupted')),
  message     TEXT,
  report      TEXT,                          -- JSON: added, updated, skipped, refused
  started_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finished_at TEXT
);
CREATE INDEX sync_imports_pack ON sync_imports (pack_id, status);

-- What a resource looked like at its last sync (export or import): the
-- fingerprint of its shared fields. A local edit since then is a difference
-- from it; see the conflict rule in docs/SYNC.md.
CREATE TABLE sync_resource_state (
  resource_id INTEGER PRIMARY KEY REFERENCES resources (id) ON DELETE CASCADE,
  fingerprint TEXT    NOT NULL,
  owner_name  TEXT,                          -- the owner's display name on the kit it came from
  synced_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Usage statistics and moderation decisions kits send to this kit as a hub.
CREATE TABLE hub_reports (
  id          INTEGER PRIMARY KEY,
  report_id   TEXT    NOT NULL UNIQUE,       -- sent twice, kept once
  key_id      TEXT    NOT NULL,
  kit_name    TEXT    NOT NULL,
  body        TEXT    NOT NULL,              -- the signed JSON as received
  received_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Small facts of hub sync: the last pull's result and how far reports got
-- (JSON values), so the page shows them and the next report starts there.
CREATE TABLE sync_hub_state (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
