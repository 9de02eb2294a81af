-- The report archive (src/server/ingest/archive, docs/sync.md "Report archive"): every report file the
-- product receives, from the Reporting API or uploaded by an operator, is kept in R2 (binding REPORTS)
-- before anything loads it. YouTube deletes a report 60 days after it generates it (30 for backfills);
-- the archived copy is what a replay reloads afterwards. Times are unix seconds.
CREATE TABLE report_archive (
  id INTEGER PRIMARY KEY,
  -- The R2 key: youtube/<scope>/<report type>/<createTime>_<report id>.csv, uploads/<id>/<name>.
  object_key TEXT NOT NULL UNIQUE,
  origin TEXT NOT NULL CHECK (origin IN ('youtube', 'upload')),
  -- The sync scope (content owner id, '' for the authorised account's own channel); 'upload' for uploads.
  scope TEXT NOT NULL,
  -- The network whose channels the file's rows belong to (the scope's, or the upload's --network).
  network_id INTEGER REFERENCES networks (id) ON DELETE SET NULL,
  -- The name the importer sees (it detects the report type by name and header).
  name TEXT NOT NULL,
  -- YouTube's report type and report id, for files the sync listed.
  report_type_id TEXT,
  report_id TEXT UNIQUE,
  -- Days the file covers: the report's day for the sync's files, what the load found for uploads.
  first_day TEXT CHECK (first_day IS NULL OR first_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  last_day TEXT CHECK (last_day IS NULL OR last_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  -- YouTube's createTime as printed, and when the report was issued: that createTime, or the time an
  -- operator stated for an upload (NULL: not known, see docs/data-model.md "Replacement").
  create_time TEXT,
  issued_at INTEGER,
  -- The archived object: its size and SHA-256 (hex), both of the bytes stored (gzip is unpacked first).
  bytes INTEGER CHECK (bytes IS NULL OR bytes >= 0),
  sha256 TEXT CHECK (sha256 IS NULL OR length(sha256) = 64),
  -- receiving: an upload's parts are arriving (R2 multipart upload_id); archived: the object is whole;
  -- failed: the download or upload broke off (reason), nothing was loaded from it.
  state TEXT NOT NULL CHECK (state IN ('receiving', 'archived', 'failed')),
  reason TEXT,
  upload_id TEXT,
  -- An upload's announced size and part size, checked when it completes.
  expected_bytes INTEGER CHECK (expected_bytes IS NULL OR expected_bytes >= 0),
  part_bytes INTEGER CHECK (part_bytes IS NULL OR part_bytes > 0),
  -- What the last load of the file did: the importer's verdict, or failed (reason) when it threw.
  load_status TEXT CHECK (load_status IN ('loaded', 'replaced', 'unchanged', 'skipped', 'rejected', 'failed')),
  load_reason TEXT,
  loaded_at INTEGER,
  created_at INTEGER NOT NULL,
  archived_at INTEGER
);
-- Replays walk a network's files by day; the status groups them by scope and report type.
CREATE INDEX report_archive_by_day ON report_archive (network_id, first_day);
CREATE INDEX report_archive_by_scope ON report_archive (scope, report_type_id, first_day);

-- The parts of an upload received so far, so a client that lost its connection resumes with the rest.
CREATE TABLE report_archive_parts (
  archive_id INTEGER NOT NULL REFERENCES report_archive (id) ON DELETE CASCADE,
  part INTEGER NOT NULL CHECK (part >= 1 AND part <= 10000),
  etag TEXT NOT NULL,
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  PRIMARY KEY (archive_id, part)
) WITHOUT ROWID;

-- A day's reports are loaded by a Workflow instance (src/server/ingest/workflows) while the hourly run goes on:
-- 'loading' marks reports handed to one (load_instance names it) until its last step records what the
-- load did. SQLite cannot change a CHECK, so the table is copied into one that allows the new status.
CREATE TABLE sync_reports_next (
  report_id TEXT PRIMARY KEY,
  scope TEXT NOT NULL,
  job_id TEXT NOT NULL,
  report_type_id TEXT NOT NULL,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  create_time TEXT NOT NULL,
  download_url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('loaded', 'replaced', 'unchanged', 'rejected', 'superseded', 'failed', 'loading')),
  reason TEXT,
  rows INTEGER NOT NULL DEFAULT 0 CHECK (rows >= 0),
  attempts INTEGER NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  handled_at INTEGER NOT NULL,
  load_instance TEXT
) WITHOUT ROWID;
INSERT INTO sync_reports_next (report_id, scope, job_id, report_type_id, day, create_time, download_url, status, reason, rows, attempts, handled_at)
SELECT report_id, scope, job_id, report_type_id, day, create_time, download_url, status, reason, rows, attempts, handled_at FROM sync_reports;
DROP TABLE sync_reports;
ALTER TABLE sync_reports_next RENAME TO sync_reports;
CREATE INDEX sync_reports_by_day ON sync_reports (scope, day, report_type_id);
