-- Offline libraries: a resource of type 7 («Biblioteca») is one ZIM file
-- (Wikipedia, Khan Academy…; docs/API-contributions.md#bibliotecas-zim).
--
-- 1. resources.type_code takes 7. SQLite changes a CHECK only by rebuilding
--    the table (migrate.ts runs this with foreign keys off and checks every
--    reference before committing). Its indexes and triggers go with the old
--    table and are made again below as they were, except that the sync
--    triggers now count libraries among the types that travel between kits
--    (every type with a file: 1-5 and 7). categories_fts_path, a trigger on
--    categories that updates resources by name, is made again after the
--    rename so it reads the rebuilt table.
-- 2. zim_libraries: what the ZIM says of itself, read when it landed, and
--    the background check of its MD5 (state, progress, reason).

DROP TRIGGER categories_fts_path;

CREATE TABLE resources_rebuilt (
  id              INTEGER PRIMARY KEY,
  global_id       TEXT    NOT NULL UNIQUE,
  title           TEXT    NOT NULL,
  description     TEXT    NOT NULL DEFAULT '',
  author          TEXT    NOT NULL DEFAULT '',
  source          TEXT    NOT NULL DEFAULT '',
  license         TEXT    NOT NULL DEFAULT '',
  -- 1 Imagen, 2 Documento, 3 Video, 4 Audio, 5 Aplicación, 6 Lista, 7 Biblioteca
  type_code       INTEGER NOT NULL CHECK (type_code BETWEEN 1 AND 7),
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
  published_at    TEXT,
  title_sort      TEXT GENERATED ALWAYS AS (
    ltrim(lower(
      replace(replace(replace(replace(replace(replace(replace(
      replace(replace(replace(replace(replace(replace(replace(title,
        'Á', 'a'), 'É', 'e'), 'Í', 'i'), 'Ó', 'o'), 'Ú', 'u'), 'Ü', 'u'), 'Ñ', 'n'),
        'á', 'a'), 'é', 'e'), 'í', 'i'), 'ó', 'o'), 'ú', 'u'), 'ü', 'u'), 'ñ', 'n')
    ), ' ¿¡"''«“')
  ) VIRTUAL,
  cover_custom    INTEGER NOT NULL DEFAULT 0 CHECK (cover_custom IN (0, 1))
);

INSERT INTO resources_rebuilt (id, global_id, title, description, author, source, license, type_code,
  category_id, user_id, status, status_reason, media_sha256, media_name, cover_sha256, playlist_id,
  app_version, rights_declared, views, downloads, created_at, updated_at, published_at, cover_custom)
SELECT id, global_id, title, description, author, source, license, type_code,
  category_id, user_id, status, status_reason, media_sha256, media_name, cover_sha256, playlist_id,
  app_version, rights_declared, views, downloads, created_at, updated_at, published_at, cover_custom
FROM resources ORDER BY id;

DROP TABLE resources;
ALTER TABLE resources_rebuilt RENAME TO resources;

CREATE INDEX resources_status_created ON resources (status, created_at DESC);
CREATE INDEX resources_status_views ON resources (status, views DESC);
CREATE INDEX resources_category ON resources (category_id, status);
CREATE INDEX resources_user ON resources (user_id, status);
CREATE INDEX resources_type ON resources (type_code, status);
CREATE INDEX resources_status_title ON resources (status, title_sort);
CREATE INDEX resources_status_downloads ON resources (status, downloads DESC);
CREATE INDEX resources_media ON resources (media_sha256);
CREATE INDEX resources_cover ON resources (cover_sha256);
CREATE INDEX resources_search_filter ON resources (id, status, category_id, type_code, user_id);

CREATE TRIGGER resources_fts_delete AFTER DELETE ON resources BEGIN
  DELETE FROM resources_fts WHERE rowid = old.id;
END;

CREATE TRIGGER resources_fts_insert AFTER INSERT ON resources BEGIN
  INSERT INTO resources_fts (rowid, title, description, author, category)
  VALUES (new.id, new.title, new.description, new.author,
          coalesce((WITH RECURSIVE up (id, name, parent_id) AS (
                      SELECT id, name, parent_id FROM categories WHERE id = new.category_id
                      UNION SELECT c.id, c.name, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
                    SELECT group_concat(name, ' ') FROM up), ''));
END;

CREATE TRIGGER resources_fts_update AFTER UPDATE OF title, description, author, category_id ON resources BEGIN
  DELETE FROM resources_fts WHERE rowid = old.id;
  INSERT INTO resources_fts (rowid, title, description, author, category)
  VALUES (new.id, new.title, new.description, new.author,
          coalesce((WITH RECURSIVE up (id, name, parent_id) AS (
                      SELECT id, name, parent_id FROM categories WHERE id = new.category_id
                      UNION SELECT c.id, c.name, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
                    SELECT group_concat(name, ' ') FROM up), ''));
END;

CREATE TRIGGER categories_fts_path AFTER UPDATE OF name, parent_id ON categories
WHEN new.name IS NOT old.name OR new.parent_id IS NOT old.parent_id BEGIN
  UPDATE resources SET category_id = category_id
  WHERE category_id IN (WITH RECURSIVE down (id) AS (
                          SELECT new.id
                          UNION SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id)
                        SELECT id FROM down);
END;

CREATE TRIGGER sync_resource_withdrawn AFTER UPDATE OF status ON resources
WHEN old.status = 'published' AND new.status <> 'published' AND old.type_code IN (1, 2, 3, 4, 5, 7) BEGIN
  INSERT OR REPLACE INTO sync_withdrawals (kind, global_id, state, category_global_id)
  VALUES ('resource', old.global_id, 'withdrawn', (SELECT global_id FROM categories WHERE id = old.category_id));
END;

CREATE TRIGGER sync_resource_deleted AFTER DELETE ON resources
WHEN old.type_code IN (1, 2, 3, 4, 5, 7) AND (old.status = 'published'
  OR EXISTS (SELECT 1 FROM sync_withdrawals WHERE kind = 'resource' AND global_id = old.global_id)) BEGIN
  INSERT OR REPLACE INTO sync_withdrawals (kind, global_id, state, category_global_id)
  VALUES ('resource', old.global_id, 'deleted', (SELECT global_id FROM categories WHERE id = old.category_id));
END;

CREATE TRIGGER sync_resource_republished AFTER UPDATE OF status ON resources WHEN new.status = 'published' BEGIN
  DELETE FROM sync_withdrawals WHERE kind = 'resource' AND global_id = new.global_id;
END;

CREATE TRIGGER sync_resource_readded AFTER INSERT ON resources WHEN new.status = 'published' BEGIN
  DELETE FROM sync_withdrawals WHERE kind = 'resource' AND global_id = new.global_id;
END;

CREATE TRIGGER sync_resource_status_local AFTER UPDATE OF status ON resources WHEN new.status <> 'blocked' BEGIN
  UPDATE sync_resource_state SET withdrawn_at = NULL WHERE resource_id = new.id AND withdrawn_at IS NOT NULL;
END;

-- One row per library resource whose ZIM has landed; goes with the resource.
-- check_state: checking (the MD5 is being verified, check_percent 0-100),
-- ok, or failed (check_reason says why, for admins; the resource is blocked).
CREATE TABLE zim_libraries (
  resource_id   INTEGER PRIMARY KEY REFERENCES resources (id) ON DELETE CASCADE,
  media_sha256  TEXT    NOT NULL,              -- the file this row describes
  zim_uuid      TEXT    NOT NULL,
  language      TEXT    NOT NULL DEFAULT '',
  creator       TEXT    NOT NULL DEFAULT '',
  publisher     TEXT    NOT NULL DEFAULT '',
  zim_date      TEXT    NOT NULL DEFAULT '',
  article_count INTEGER,                       -- null when the file does not say
  media_count   INTEGER,
  size          INTEGER NOT NULL,
  check_state   TEXT    NOT NULL DEFAULT 'checking' CHECK (check_state IN ('checking', 'ok', 'failed')),
  check_percent INTEGER NOT NULL DEFAULT 0 CHECK (check_percent BETWEEN 0 AND 100),
  check_reason  TEXT,
  updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
CREATE INDEX zim_libraries_checking ON zim_libraries (check_state);
