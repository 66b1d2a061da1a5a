-- A resource is found by the names of its category and of every category
-- above it ("educacion" finds what is filed under Educación › Primaria ›
-- Matemáticas). The FTS table keeps its columns; its `category` column now
-- holds that path of names, own category first, and the triggers keep it in
-- step when a resource changes category or a category is renamed or moved.
--
-- The path is read upwards with a recursive CTE (UNION, not UNION ALL: a
-- parent loop written by hand ends instead of spinning; the API refuses loops).

DROP TRIGGER resources_fts_insert;
DROP TRIGGER resources_fts_update;
DROP TRIGGER categories_fts_rename;

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

-- A rename or a move changes the path of every resource filed in the category
-- or below it. Re-filing them where they are (category_id = category_id) runs
-- resources_fts_update above, so the path is defined once. Reordering siblings
-- writes parent_id unchanged: the WHEN skips it.
CREATE TRIGGER categories_fts_path AFTER UPDATE OF name, parent_id ON categories
WHEN new.name IS NOT old.name OR new.parent_id IS NOT old.parent_id BEGIN
  UPDATE resources SET category_id = category_id
  WHERE category_id IN (WITH RECURSIVE down (id) AS (
                          SELECT new.id
                          UNION SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id)
                        SELECT id FROM down);
END;

-- Every resource filed in a subcategory gets its new path now.
UPDATE resources SET category_id = category_id WHERE category_id IS NOT NULL;

-- That rewrote the whole index: merge its segments into one, as a fresh index
-- would be, so searches do not read the old and new entries side by side.
INSERT INTO resources_fts (resources_fts) VALUES ('optimize');
