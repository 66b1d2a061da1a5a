-- Search inside offline libraries (docs/API-library.md "Search", docs/API-contributions.md#bibliotecas-zim).
--
-- zim_titles: one row per article of a library's ZIM (an HTML page of the
-- article namespace) and per redirect to one. `name` is what a reader
-- searches by (the entry's own title: a redirect's is another name of its
-- target); `path` and `title` are the article it opens (for a redirect, its
-- target's). `entry` is the entry's place in the file's path order.
-- Rows go with the library's resource.
CREATE TABLE zim_titles (
  id          INTEGER PRIMARY KEY,
  resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  entry       INTEGER NOT NULL,
  redirect    INTEGER NOT NULL CHECK (redirect IN (0, 1)),
  name        TEXT    NOT NULL,
  path        TEXT    NOT NULL,
  title       TEXT    NOT NULL
);
CREATE INDEX zim_titles_resource ON zim_titles (resource_id, id);

-- The titles' index: folded and cut like resources_fts (migration 0001), its
-- text read from zim_titles (external content: the names are stored once).
CREATE VIRTUAL TABLE zim_titles_fts USING fts5 (
  name,
  content = 'zim_titles', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

-- The articles' text, keyed by their zim_titles id. Contentless: the text
-- stays in the ZIM, only the index is on the card.
CREATE VIRTUAL TABLE zim_text_fts USING fts5 (
  body,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER zim_titles_fts_insert AFTER INSERT ON zim_titles BEGIN
  INSERT INTO zim_titles_fts (rowid, name) VALUES (new.id, new.name);
END;

-- Also run by the cascade when the library's resource is deleted.
CREATE TRIGGER zim_titles_fts_delete AFTER DELETE ON zim_titles BEGIN
  INSERT INTO zim_titles_fts (zim_titles_fts, rowid, name) VALUES ('delete', old.id, old.name);
  DELETE FROM zim_text_fts WHERE rowid = old.id;
END;

-- Where a library's indexing is, for the file it reads (media_sha256; a new
-- file starts over). phase: titles (position = the next entry in path
-- order), text (position = the last zim_titles id whose text is indexed),
-- done, or failed (the file could not be read). Each batch commits its rows
-- and the position together: a stop resumes from there, never twice.
CREATE TABLE zim_search_index (
  resource_id  INTEGER PRIMARY KEY REFERENCES resources (id) ON DELETE CASCADE,
  media_sha256 TEXT    NOT NULL,
  phase        TEXT    NOT NULL DEFAULT 'titles' CHECK (phase IN ('titles', 'text', 'done', 'failed')),
  position     INTEGER NOT NULL DEFAULT 0,
  -- progress: entries of the file (titles), articles found (text)
  total        INTEGER NOT NULL DEFAULT 0,
  done         INTEGER NOT NULL DEFAULT 0,
  updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
