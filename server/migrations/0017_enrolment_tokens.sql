-- Enrolment tokens a hub's admin hands to technicians (docs/SYNC.md
-- "Enrolment tokens"): a kit that shows one is trusted without its key being
-- copied by hand. Only the secret's SHA-256 is kept, never the token.
CREATE TABLE sync_enrolment_tokens (
  id            INTEGER PRIMARY KEY,
  secret_sha256 TEXT NOT NULL UNIQUE,
  label         TEXT NOT NULL,
  uses_total    INTEGER NOT NULL CHECK (uses_total >= 1),
  uses_left     INTEGER NOT NULL CHECK (uses_left >= 0 AND uses_left <= uses_total),
  expires_at    TEXT NOT NULL,
  revoked_at    TEXT,
  created_by    INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The kits each token enrolled: a kit that asks again (its answer was lost)
-- is answered without using the token up.
CREATE TABLE sync_enrolments (
  key_id      TEXT PRIMARY KEY,
  token_id    INTEGER NOT NULL REFERENCES sync_enrolment_tokens (id) ON DELETE CASCADE,
  kit_name    TEXT NOT NULL,
  -- the hub's answer's proof (docs/SYNC.md), kept for the packs that carry it to kits that come by USB
  proof       TEXT NOT NULL,
  enrolled_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
