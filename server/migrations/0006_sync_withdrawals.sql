-- Withdrawals and category merging in content packs (format 2, docs/SYNC.md).

-- Tombstones: a published resource that left the library here (blocked,
-- rejected, back to draft, deleted) or a deleted category. Change packs carry
-- the ones recorded after their `since`, so other kits withdraw their copies.
-- Triggers write them, so every path that hides or deletes content is covered.
CREATE TABLE sync_withdrawals (
  kind               TEXT NOT NULL CHECK (kind IN ('resource', 'category')),
  global_id          TEXT NOT NULL,
  state              TEXT NOT NULL CHECK (state IN ('withdrawn', 'deleted')),
  category_global_id TEXT,                 -- where it was (a resource's category, a category's parent): scoped packs
  withdrawn_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (kind, global_id)
) WITHOUT ROWID;
CREATE INDEX sync_withdrawals_at ON sync_withdrawals (withdrawn_at);

CREATE TRIGGER sync_resource_withdrawn AFTER UPDATE OF status ON resources
WHEN old.status = 'published' AND new.status <> 'published' AND old.type_code BETWEEN 1 AND 5 BEGIN
  INSERT OR REPLACE INTO sync_withdrawals (kind, global_id, state, category_global_id)
  VALUES ('resource', old.global_id, 'withdrawn', (SELECT global_id FROM categories WHERE id = old.category_id));
END;

CREATE TRIGGER sync_resource_deleted AFTER DELETE ON resources
WHEN old.type_code BETWEEN 1 AND 5 AND (old.status = 'published'
  OR EXISTS (SELECT 1 FROM sync_withdrawals WHERE kind = 'resource' AND global_id = old.global_id)) BEGIN
  INSERT OR REPLACE INTO sync_withdrawals (kind, global_id, state, category_global_id)
  VALUES ('resource', old.global_id, 'deleted', (SELECT global_id FROM categories WHERE id = old.category_id));
END;

-- Published again (unblocked, or imported anew): it travels as a resource, not a withdrawal.
CREATE TRIGGER sync_resource_republished AFTER UPDATE OF status ON resources WHEN new.status = 'published' BEGIN
  DELETE FROM sync_withdrawals WHERE kind = 'resource' AND global_id = new.global_id;
END;
CREATE TRIGGER sync_resource_readded AFTER INSERT ON resources WHEN new.status = 'published' BEGIN
  DELETE FROM sync_withdrawals WHERE kind = 'resource' AND global_id = new.global_id;
END;

CREATE TRIGGER sync_category_deleted AFTER DELETE ON categories BEGIN
  INSERT OR REPLACE INTO sync_withdrawals (kind, global_id, state, category_global_id)
  VALUES ('category', old.global_id, 'deleted', (SELECT global_id FROM categories WHERE id = old.parent_id));
END;
CREATE TRIGGER sync_category_readded AFTER INSERT ON categories BEGIN
  DELETE FROM sync_withdrawals WHERE kind = 'category' AND global_id = new.global_id;
END;

-- The kit whose signed pack a resource came from (key id): only that kit's
-- withdrawal withdraws it here. NULL: made here, or from an unsigned pack.
ALTER TABLE sync_resource_state ADD COLUMN origin_key_id TEXT;
-- Set when a withdrawal from its origin blocked it here; a later pack that
-- carries it again brings it back. Any other status change clears it (below),
-- so a block by this kit's moderators is never undone by a pack.
ALTER TABLE sync_resource_state ADD COLUMN withdrawn_at TEXT;

CREATE TRIGGER sync_resource_status_local AFTER UPDATE OF status ON resources WHEN new.status <> 'blocked' BEGIN
  UPDATE sync_resource_state SET withdrawn_at = NULL WHERE resource_id = new.id AND withdrawn_at IS NOT NULL;
END;

-- What a category looked like at its last sync (export or import), field by
-- field: name, and place (parent and order) merge separately, so a local
-- reordering does not hold back a rename from the other kit.
CREATE TABLE sync_category_state (
  category_id      INTEGER PRIMARY KEY REFERENCES categories (id) ON DELETE CASCADE,
  name             TEXT    NOT NULL,
  parent_global_id TEXT,
  priority         INTEGER NOT NULL,
  origin_key_id    TEXT,                   -- as for resources
  synced_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
