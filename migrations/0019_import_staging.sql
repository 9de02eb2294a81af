-- A large report file's rows, staged a slice of days at a time before the one batch that applies them
-- (docs/data-model.md, "Import speed"). No reader of facts looks here: until that batch commits, a
-- staged file has changed nothing anyone sees, and its batch deletes its staged rows as it applies them.
CREATE TABLE import_staged (
  import_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  -- The fact table the rows go to (channel_daily, channel_country_daily ...).
  target TEXT NOT NULL,
  -- A JSON array of rows, as the table's upsert reads them with json_each.
  rows TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (import_id, seq)
);

-- The applying batch first records how many parts it staged and how many it finds: the CHECK fails the
-- whole batch (and so changes nothing) when a part is missing, say removed as stale by another import.
CREATE TABLE import_staged_checks (
  import_id TEXT PRIMARY KEY,
  expected INTEGER NOT NULL,
  found INTEGER NOT NULL,
  CHECK (found = expected)
) WITHOUT ROWID;
