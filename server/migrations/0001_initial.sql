-- Every entity of the specification, so later features extend rather than redesign.
-- Times are ISO-8601 UTC text; booleans are 0/1; the SD card wears with every write,
-- so counters live on their rows and daily stats in one narrow table.

CREATE TABLE users (
  id                   INTEGER PRIMARY KEY,
  user_name            TEXT    NOT NULL COLLATE NOCASE UNIQUE,
  password_hash        TEXT    NOT NULL,
  name                 TEXT    NOT NULL DEFAULT '',
  last_name            TEXT    NOT NULL DEFAULT '',
  email                TEXT    COLLATE NOCASE UNIQUE,          -- optional: many villagers have none
  gender               INTEGER CHECK (gender IN (0, 1, 2)),     -- 0 Femenino, 1 Masculino, 2 Otros
  born_date            TEXT,                                    -- YYYY-MM-DD
  instruction_degree   TEXT,
  occupation           TEXT,
  code_phone           TEXT,
  phone_number         TEXT,
  others               TEXT,
  image_sha256         TEXT REFERENCES media (sha256),
  is_admin             INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  role_id              INTEGER NOT NULL DEFAULT 2,              -- 1 administrador, 2 usuario
  blocked              INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1)),
  must_change_password INTEGER NOT NULL DEFAULT 0 CHECK (must_change_password IN (0, 1)),
  token_version        INTEGER NOT NULL DEFAULT 0,              -- bumped to revoke every token of the user
  profile_views        INTEGER NOT NULL DEFAULT 0,
  created_at           TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at           TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One-time passwords an admin issues to a user who forgot theirs.
CREATE TABLE temporary_credentials (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  password_hash TEXT    NOT NULL,
  issued_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
  expires_at    TEXT    NOT NULL,
  used_at       TEXT,
  created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX temporary_credentials_user ON temporary_credentials (user_id);

-- Logged-out tokens until they expire by themselves.
CREATE TABLE revoked_tokens (
  jti        TEXT    PRIMARY KEY,
  expires_at INTEGER NOT NULL  -- unix seconds
) WITHOUT ROWID;

CREATE TABLE denied_users (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE categories (
  id         INTEGER PRIMARY KEY,
  global_id  TEXT    NOT NULL UNIQUE,                  -- stable across kits (content packs)
  name       TEXT    NOT NULL,
  parent_id  INTEGER REFERENCES categories (id) ON DELETE RESTRICT,
  priority   INTEGER NOT NULL DEFAULT 0,               -- siblings sort by it
  status_id  INTEGER NOT NULL DEFAULT 1,               -- 1 visible, 0 hidden
  created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX categories_parent ON categories (parent_id, priority);

-- Content-addressed files: the bytes live at media/<sha256[0:2]>/<sha256>.<ext>.
CREATE TABLE media (
  sha256           TEXT    PRIMARY KEY CHECK (length(sha256) = 64),
  ext              TEXT    NOT NULL,
  mime             TEXT    NOT NULL,
  size             INTEGER NOT NULL CHECK (size >= 0),
  duration_seconds REAL,
  width            INTEGER,
  height           INTEGER,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

CREATE TABLE playlists (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name       TEXT    NOT NULL,
  created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX playlists_user ON playlists (user_id);

-- type_code: 1 Imagen, 2 Documento, 3 Video, 4 Audio, 5 Aplicación, 6 Lista.
-- status: draft -> pending -> published; blocked and rejected by moderation.
-- "Reported" is not a status: it is a published resource with open reports.
CREATE TABLE resources (
  id              INTEGER PRIMARY KEY,
  global_id       TEXT    NOT NULL UNIQUE,
  title           TEXT    NOT NULL,
  description     TEXT    NOT NULL DEFAULT '',
  author          TEXT    NOT NULL DEFAULT '',
  source          TEXT    NOT NULL DEFAULT '',
  license         TEXT    NOT NULL DEFAULT '',
  type_code       INTEGER NOT NULL CHECK (type_code BETWEEN 1 AND 6),
  category_id     INTEGER REFERENCES categories (id) ON DELETE RESTRICT,
  user_id         INTEGER REFERENCES users (id) ON DELETE SET NULL,
  status          TEXT    NOT NULL DEFAULT 'draft'
                  CHECK (status IN ('draft', 'pending', 'published', 'rejected', 'blocked')),
  status_reason   TEXT,
  media_sha256    TEXT    REFERENCES media (sha256),
  media_name      TEXT,                                 -- safe download name, never a path
  cover_sha256    TEXT    REFERENCES media (sha256),
  playlist_id     INTEGER REFERENCES playlists (id) ON DELETE SET NULL,  -- type 6
  app_version     TEXT,                                 -- type 5
  rights_declared INTEGER NOT NULL DEFAULT 0 CHECK (rights_declared IN (0, 1)),
  views           INTEGER NOT NULL DEFAULT 0,
  downloads       INTEGER NOT NULL DEFAULT 0,
  created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  published_at    TEXT
);
CREATE INDEX resources_status_created ON resources (status, created_at DESC);
CREATE INDEX resources_status_views ON resources (status, views DESC);
CREATE INDEX resources_category ON resources (category_id, status);
CREATE INDEX resources_user ON resources (user_id, status);
CREATE INDEX resources_type ON resources (type_code, status);

CREATE TABLE playlist_items (
  playlist_id INTEGER NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  added_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (playlist_id, resource_id)
) WITHOUT ROWID;

CREATE TABLE favorites (
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, resource_id)
) WITHOUT ROWID;
CREATE INDEX favorites_resource ON favorites (resource_id);

CREATE TABLE comments (
  id          INTEGER PRIMARY KEY,
  resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  comment     TEXT    NOT NULL,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX comments_resource ON comments (resource_id, created_at DESC);

CREATE TABLE reports (
  id          INTEGER PRIMARY KEY,
  resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
  reason      TEXT    NOT NULL,
  status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'kept', 'blocked', 'dismissed')),
  resolved_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  resolved_at TEXT,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX reports_open ON reports (status, resource_id);

-- Views and downloads per resource and day, for the dashboard and reports.
CREATE TABLE resource_stats_daily (
  resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  day         TEXT    NOT NULL,   -- YYYY-MM-DD
  views       INTEGER NOT NULL DEFAULT 0,
  downloads   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (resource_id, day)
) WITHOUT ROWID;
CREATE INDEX resource_stats_day ON resource_stats_daily (day);

-- Admin-editable settings; value is JSON. Defaults live in code (settings.defaults.ts).
CREATE TABLE settings (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

-- Menu and publicity banners uploaded by admins.
CREATE TABLE banners (
  id           INTEGER PRIMARY KEY,
  slot         TEXT    NOT NULL CHECK (slot IN ('menuTop', 'menuBottom', 'menuMobile', 'publicity')),
  media_sha256 TEXT    NOT NULL REFERENCES media (sha256),
  link         TEXT,
  active       INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Community notices of the ads board, moderated like resources.
CREATE TABLE ads (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
  title        TEXT    NOT NULL,
  body         TEXT    NOT NULL,
  image_sha256 TEXT    REFERENCES media (sha256),
  contact      TEXT    NOT NULL DEFAULT '',
  category     TEXT    NOT NULL DEFAULT '',
  status       TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected', 'blocked')),
  expires_at   TEXT    NOT NULL,
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX ads_status_expiry ON ads (status, expires_at);

-- Full-text search. unicode61 with remove_diacritics 2 folds case and accents
-- (educacion finds Educación, nino finds niño); prefix indexes make
-- search-as-you-type cheap. Kept in step with resources by the triggers below.
CREATE VIRTUAL TABLE resources_fts USING fts5 (
  title, description, author, category,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

CREATE TRIGGER resources_fts_insert AFTER INSERT ON resources BEGIN
  INSERT INTO resources_fts (rowid, title, description, author, category)
  VALUES (new.id, new.title, new.description, new.author,
          coalesce((SELECT name FROM categories WHERE id = new.category_id), ''));
END;

CREATE TRIGGER resources_fts_update AFTER UPDATE OF title, description, author, category_id ON resources BEGIN
  DELETE FROM resources_fts WHERE rowid = old.id;
  INSERT INTO resources_fts (rowid, title, description, author, category)
  VALUES (new.id, new.title, new.description, new.author,
          coalesce((SELECT name FROM categories WHERE id = new.category_id), ''));
END;

CREATE TRIGGER resources_fts_delete AFTER DELETE ON resources BEGIN
  DELETE FROM resources_fts WHERE rowid = old.id;
END;

CREATE TRIGGER categories_fts_rename AFTER UPDATE OF name ON categories BEGIN
  UPDATE resources_fts SET category = new.name
  WHERE rowid IN (SELECT id FROM resources WHERE category_id = new.id);
END;
