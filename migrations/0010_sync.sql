-- State of the scheduled sync with Google (src/server/ingest/sync): Reporting API cursors and the
-- report files handled, Data API quota used per US-Pacific day, small flags; plus the columns the
-- Data API loaders need on snapshots and live broadcasts. Times are unix seconds.

-- One Reporting API job per scope (a content owner id, or '' for the authorised account's own
-- channel): reports created after created_after are the ones still to fetch. The cursor only moves
-- past a report once that report has been loaded, rejected or given up on.
CREATE TABLE sync_report_cursors (
  scope TEXT NOT NULL,
  job_id TEXT NOT NULL,
  report_type_id TEXT NOT NULL,
  -- The report createTime (RFC 3339, as the API prints it) passed as createdAfter.
  created_after TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (scope, job_id)
) WITHOUT ROWID;

-- Every report file the sync has tried: a report listed again (same id) is skipped unless it failed
-- and still has attempts left, so a bad file is recorded once and never downloaded forever.
CREATE TABLE sync_reports (
  report_id TEXT PRIMARY KEY,
  scope TEXT NOT NULL,
  job_id TEXT NOT NULL,
  report_type_id TEXT NOT NULL,
  -- The Pacific day the report covers (from its startTime), 'YYYY-MM-DD'.
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  create_time TEXT NOT NULL,
  -- Kept so a day's companion report (basic for demographics and back) can be fetched again when
  -- only one of the two is re-issued: the importer weighs demographics by the same day's views.
  download_url TEXT NOT NULL,
  -- The importer's verdict; superseded: a newer report for the same job and day came in the same
  -- listing, so this one was never downloaded; failed: download or load threw, retried until
  -- attempts run out (then rejected).
  status TEXT NOT NULL CHECK (status IN ('loaded', 'replaced', 'unchanged', 'rejected', 'superseded', 'failed')),
  reason TEXT,
  rows INTEGER NOT NULL DEFAULT 0 CHECK (rows >= 0),
  attempts INTEGER NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  handled_at INTEGER NOT NULL
) WITHOUT ROWID;
-- A day's latest report of a type in a scope (companion reports).
CREATE INDEX sync_reports_by_day ON sync_reports (scope, day, report_type_id);

-- Data API units spent per Pacific day (Google resets the 10,000-unit quota at midnight
-- US-Pacific) and sync job. A call reserves its units here before it is sent.
CREATE TABLE sync_quota (
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  job TEXT NOT NULL,
  units INTEGER NOT NULL CHECK (units >= 0),
  calls INTEGER NOT NULL CHECK (calls >= 0),
  PRIMARY KEY (day, job)
) WITHOUT ROWID;

-- Small named values: a message already said (notice:*), the last day a daily job ran (day:*),
-- where a rotation stopped (rotation:*).
CREATE TABLE sync_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- channels.list rounds subscriber counts to 3 significant figures (1 = this count looks rounded;
-- an older exact count has more digits); a channel can also hide its count (then 0 is stored and
-- subscriber_count_hidden = 1, so rollups can leave it out of subscriber changes).
ALTER TABLE channel_snapshots ADD COLUMN subscriber_count_rounded INTEGER NOT NULL DEFAULT 1
  CHECK (subscriber_count_rounded IN (0, 1));
ALTER TABLE channel_snapshots ADD COLUMN subscriber_count_hidden INTEGER NOT NULL DEFAULT 0
  CHECK (subscriber_count_hidden IN (0, 1));

-- The most concurrent viewers seen while the stream was live: watching_count becomes this peak
-- when the stream ends (the Data API no longer reports viewers then).
ALTER TABLE live_broadcasts ADD COLUMN peak_watching_count INTEGER NOT NULL DEFAULT 0
  CHECK (peak_watching_count >= 0);
