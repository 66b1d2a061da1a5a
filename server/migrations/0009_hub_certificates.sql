-- HTTPS certificates a hub obtains from its ACME CA for the kits it trusts
-- (docs/HTTPS.md). One row per kit (its sync key): the kit's one name under
-- the hub's domain, bound for good, and its latest request and certificate.
-- The UNIQUE name is what keeps a kit from ever getting another kit's name.
CREATE TABLE hub_certificates (
  key_id        TEXT PRIMARY KEY,                -- the kit's sync key id
  public_key    TEXT NOT NULL,                   -- its ed25519 key (base64 SPKI)
  kit_name      TEXT NOT NULL,                   -- the kit_name it reported, for the admins
  name          TEXT NOT NULL UNIQUE,            -- <label>.<KIT_ACME_DOMAIN>
  state         TEXT NOT NULL CHECK (state IN ('name-needed', 'pending', 'issued', 'failed')),
  csr           TEXT,                            -- the latest request (PEM), as the kit sent it
  csr_sha256    TEXT,
  chain         TEXT,                            -- the certificate issued for that request, then its intermediates
  valid_from    TEXT,
  valid_to      TEXT,
  error_code    TEXT,                            -- why the latest order failed (state 'failed')
  error_message TEXT,
  error_detail  TEXT,                            -- what the CA or the DNS hook said: shown on the hub only
  attempted_at  TEXT,                            -- when the latest ACME order started
  issued_at     TEXT,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
