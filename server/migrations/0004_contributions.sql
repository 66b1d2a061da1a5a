-- Contributions (docs/API-contributions.md): resumable uploads, moderation history, one open
-- report per user, custom covers, and the answers of idempotent replays.

-- An upload in progress. Its bytes live in uploads/<id>.part under the data
-- folder; the file's length is how far it got (the offset a client resumes
-- from). The client's file name is kept only as a sanitised display name.
CREATE TABLE uploads (
  id          TEXT    PRIMARY KEY CHECK (length(id) = 32),
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  size        INTEGER NOT NULL CHECK (size > 0),
  name        TEXT,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
CREATE INDEX uploads_resource ON uploads (resource_id);
CREATE INDEX uploads_updated ON uploads (updated_at);

-- 1: the cover was chosen by a person (POST /v2/resources/{id}/cover);
-- 0: none, or made from the resource's own image (replaced with the image).
ALTER TABLE resources ADD COLUMN cover_custom INTEGER NOT NULL DEFAULT 0 CHECK (cover_custom IN (0, 1));

-- Every status change, who made it and why (moderation.service.ts writes it).
CREATE TABLE resource_events (
  id          INTEGER PRIMARY KEY,
  resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  actor_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
  action      TEXT    NOT NULL,
  from_status TEXT    NOT NULL,
  to_status   TEXT    NOT NULL,
  reason      TEXT,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX resource_events_resource ON resource_events (resource_id, id);

-- A user has at most one open report per resource.
CREATE UNIQUE INDEX reports_one_open ON reports (resource_id, user_id) WHERE status = 'open';

-- A user's favourites, newest first.
CREATE INDEX favorites_user_created ON favorites (user_id, created_at DESC);

-- Writes an offline outbox may send twice carry an Idempotency-Key: the first
-- answer is kept (7 days) and given again, without a second effect.
CREATE TABLE idempotency_keys (
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key         TEXT    NOT NULL,
  fingerprint TEXT    NOT NULL,   -- method, route, parameters and body of the first request
  status      INTEGER NOT NULL,
  body        TEXT    NOT NULL,   -- the first answer, JSON
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
