-- Durable rollup refresh and predictable re-imports.

-- (channel, month) buckets whose daily facts changed and whose monthly rollups (and the public figures
-- derived from them) are not yet refreshed. A report file's batch writes its facts and these rows
-- together, so a load cut off before its refresh leaves a record; every import, cron run and
-- `npm run admin -- rollups` refreshes them first. version grows with each new mark: a refresh deletes
-- only the versions it read, so a bucket marked again meanwhile stays pending.
CREATE TABLE rollup_pending (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (channel_id, month)
) WITHOUT ROWID;

-- When the report was issued (unix seconds), which decides between two files for the same slice: the
-- Reporting API's createTime when known, else the file's modification time, else the time it was
-- loaded (issued_from says which). Files loaded before this column existed count as issued when loaded.
ALTER TABLE report_files ADD COLUMN issued_at INTEGER;
ALTER TABLE report_files ADD COLUMN issued_from TEXT CHECK (issued_from IN ('youtube', 'file', 'load'));
UPDATE report_files SET issued_at = loaded_at, issued_from = 'load';
