-- A hub refuses a kit's report older than the newest it has from that kit
-- (docs/SYNC.md, "Reports"): each report's time by the kit's clock, and the
-- kit's reports found by its key.
ALTER TABLE hub_reports ADD COLUMN created_at TEXT;
UPDATE hub_reports SET created_at = json_extract(body, '$.createdAt') WHERE json_valid(body);
CREATE INDEX hub_reports_by_kit ON hub_reports (key_id, created_at);
