-- Phone copies of stored files ("renditions", docs/API-library.md): a small
-- H.264 video, a display copy of a picture, a compact sound, a poster frame.
-- They belong to the bytes, not to a resource: the same file used twice is
-- prepared once. Deleting a source's media row deletes its jobs and rendition
-- rows (CASCADE); media/release.ts then releases the rendition files, whose
-- own media rows stay referenced (RESTRICT) while a rendition row uses them.

-- The durable queue: one row per source file, worked one at a time
-- (modules/renditions/queue.ts). A row left 'running' by a crash or a kill
-- goes back to 'pending' at the next start.
CREATE TABLE rendition_jobs (
  source_sha256 TEXT    PRIMARY KEY REFERENCES media (sha256) ON DELETE CASCADE,
  kind          TEXT    NOT NULL CHECK (kind IN ('video', 'image', 'audio')),
  state         TEXT    NOT NULL CHECK (state IN ('pending', 'running', 'done', 'failed')),
  progress      INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  attempts      INTEGER NOT NULL DEFAULT 0,        -- starts, counted before each run: a job that keeps killing the kit stops
  pid           INTEGER,                           -- the running encoder's process group, so a restart can end an orphan
  work_dir      TEXT,                              -- where that encoder writes (also in its command line)
  error_code    TEXT,                              -- why it failed (errors.ts RENDITION_*)
  error_message TEXT,
  queued_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  started_at    TEXT,
  finished_at   TEXT
) WITHOUT ROWID;
CREATE INDEX rendition_jobs_state ON rendition_jobs (state, queued_at);

CREATE TABLE renditions (
  source_sha256 TEXT    NOT NULL REFERENCES media (sha256) ON DELETE CASCADE,
  kind          TEXT    NOT NULL CHECK (kind IN ('video', 'image', 'audio', 'poster')),
  media_sha256  TEXT    NOT NULL REFERENCES media (sha256),
  width         INTEGER,
  height        INTEGER,
  bitrate       INTEGER,                           -- bits per second (video, audio)
  PRIMARY KEY (source_sha256, kind)
) WITHOUT ROWID;
-- Who may read a rendition's file follows its source (media-access.repo.ts).
CREATE INDEX renditions_media ON renditions (media_sha256);
