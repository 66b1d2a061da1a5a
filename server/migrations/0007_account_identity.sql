-- An account's identity is never reused (docs/API-accounts.md, "Account identity").
--
-- 1. AUTOINCREMENT: without it SQLite hands the id of the newest deleted
--    account to the next registration. sqlite_sequence remembers the largest
--    id ever given, so deleting the newest account no longer frees its id.
-- 2. account_key: a random value per account that every token carries and the
--    auth plugin compares with the row on each request. Ids alone can still
--    come back (a restored older backup, a copied database); a key cannot.
--
-- SQLite adds AUTOINCREMENT only by rebuilding the table. migrate.ts runs
-- migrations with foreign keys off (so dropping the old table deletes nothing
-- through ON DELETE CASCADE) and checks every reference before committing.
-- Other tables name `users` in their REFERENCES clauses, which keep pointing
-- at the rebuilt table by name. Its one index is made again below; no trigger
-- or view reads users.

CREATE TABLE users_rebuilt (
  id                   INTEGER PRIMARY KEY AUTOINCREMENT,
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
  updated_at           TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 128 random bits, made when the row is; tokens carry it (claim `acc`)
  account_key          TEXT    NOT NULL DEFAULT (lower(hex(randomblob(16)))) CHECK (length(account_key) = 32)
);

-- Every account gets its own key here (randomblob runs once per row), so
-- tokens issued before this migration, which carry none, stop working.
INSERT INTO users_rebuilt (id, user_name, password_hash, name, last_name, email, gender, born_date,
  instruction_degree, occupation, code_phone, phone_number, others, image_sha256, is_admin, role_id,
  blocked, must_change_password, token_version, profile_views, created_at, updated_at)
SELECT id, user_name, password_hash, name, last_name, email, gender, born_date,
  instruction_degree, occupation, code_phone, phone_number, others, image_sha256, is_admin, role_id,
  blocked, must_change_password, token_version, profile_views, created_at, updated_at
FROM users ORDER BY id;

DROP TABLE users;
ALTER TABLE users_rebuilt RENAME TO users;

CREATE INDEX users_image ON users (image_sha256);
