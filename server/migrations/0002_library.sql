-- Library read side: what listing, search and media serving need beyond 0001.

-- A sort key for titles that Spanish readers expect: case and accents folded
-- (Árbol sorts with arbol, not after Zapato), opening ¿ ¡ and quotes ignored.
-- SQLite's lower() folds ASCII only, so accented capitals are mapped by hand.
-- VIRTUAL: computed on read, stored only in the index below.
ALTER TABLE resources ADD COLUMN title_sort TEXT GENERATED ALWAYS AS (
  ltrim(lower(
    replace(replace(replace(replace(replace(replace(replace(
    replace(replace(replace(replace(replace(replace(replace(title,
      'Á', 'a'), 'É', 'e'), 'Í', 'i'), 'Ó', 'o'), 'Ú', 'u'), 'Ü', 'u'), 'Ñ', 'n'),
      'á', 'a'), 'é', 'e'), 'í', 'i'), 'ó', 'o'), 'ú', 'u'), 'ü', 'u'), 'ñ', 'n')
  ), ' ¿¡"''«“')
) VIRTUAL;

CREATE INDEX resources_status_title ON resources (status, title_sort);
CREATE INDEX resources_status_downloads ON resources (status, downloads DESC);

-- Media is public only through something public that uses it; these make
-- that check an index lookup per table instead of a scan.
CREATE INDEX resources_media ON resources (media_sha256);
CREATE INDEX resources_cover ON resources (cover_sha256);
CREATE INDEX users_image ON users (image_sha256);
CREATE INDEX banners_media ON banners (media_sha256);
CREATE INDEX ads_image ON ads (image_sha256);
