-- Every change of the kit's clock (docs/API-device.md "The kit's clock"): who
-- moved it (the hub's signed time, an installed certificate's start, the
-- admin's phone, agreeing phones) and from what time to what time, as the
-- kit's clock read them. /admin/device lists the last ones.
CREATE TABLE kit_clock_changes (
  id       INTEGER PRIMARY KEY,
  source   TEXT NOT NULL CHECK (source IN ('hub', 'certificate', 'admin', 'phones')),
  old_time TEXT NOT NULL,
  new_time TEXT NOT NULL
);

-- What told the kit the time during a boot (the hub, the admin, agreeing
-- phones): a server restarted within the same boot (an update, the watchdog)
-- keeps its clock confirmed. Keyed by the kernel's boot id, so a power cut
-- starts unconfirmed.
CREATE TABLE kit_clock_confirmations (
  boot_id TEXT PRIMARY KEY,
  source  TEXT NOT NULL CHECK (source IN ('hub', 'admin', 'phones')),
  at      TEXT NOT NULL
);
