-- Re-issues ordered by YouTube's own issue time, never by a file's modification time (docs/data-model.md,
-- "Replacement and idempotency"). Times are unix seconds.

-- issued_from gains 'operator': a time stated by hand (`npm run import -- --issued`, the upload field
-- "issued"). 'file' (a modification time) stays for files loaded before this migration and is never
-- written again. SQLite cannot change a CHECK in place, and rebuilding report_files would cascade its
-- DROP into report_slices: the column is copied into a new one, dropped, and the new one renamed.
ALTER TABLE report_files ADD COLUMN issued_source TEXT CHECK (issued_source IN ('youtube', 'operator', 'load', 'file'));
UPDATE report_files SET issued_source = issued_from;
ALTER TABLE report_files DROP COLUMN issued_from;
ALTER TABLE report_files RENAME COLUMN issued_source TO issued_from;

-- Content given to the importer and not applied because of what other files hold: 'skipped' (every
-- slice held by reports issued later) or 'rejected' (no issue time, and other content holds some of its
-- slices). One row per content, the last time it was given; the load that applies it deletes the row.
-- It lives next to report_files (in a network's store when partner data is split by network). A file
-- rejected for its own content (a bad row, a missing column) is not recorded: it fails the same way
-- every time, and its message says where.
CREATE TABLE report_refusals (
  -- SHA-256 of the decoded content, as report_files.sha256.
  sha256 TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  -- As the caller named the file, and its report type.
  name TEXT NOT NULL,
  report_type TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('skipped', 'rejected')),
  -- What the importer answered: the files that hold its slices, and what to do next.
  reason TEXT NOT NULL,
  refused_at INTEGER NOT NULL
) WITHOUT ROWID;
