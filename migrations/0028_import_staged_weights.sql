-- The views of a large basic report's pieces per demographics key, staged beside its slices
-- (docs/data-model.md, "Import speed"): a day's demographics report weights views_percentage by the views
-- of the same key in the day's basic report, and a report loaded across Workflow steps is never in one
-- step's memory to weigh with (docs/sync.md, "Loading").
--
-- A table of its own rather than another target of import_staged: the basic file's applying batch counts
-- and deletes every import_staged part of its import, while these rows must outlive that batch until the
-- demographics file after it in the same load is planned. They go with the file's other staged rows: after
-- the load, on a failing piece, and by the sweep of staged rows older than a day.
CREATE TABLE import_staged_weights (
  import_id TEXT NOT NULL,
  -- The piece that staged the row: a retried piece first removes what its earlier try staged.
  piece INTEGER NOT NULL,
  -- The channel as the report names it (a claimed copy's uploader, too) and the day, as the demographics
  -- file's rows name them.
  channel_id TEXT NOT NULL,
  day TEXT NOT NULL,
  -- A JSON array of [demographics key, views]: partial sums, since a key's rows may lie in several
  -- slices and pieces; the reader adds them up.
  views TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- A demographics file reads the weights of its (channel, day)s; a load removes its import's rows.
CREATE INDEX import_staged_weights_by_day ON import_staged_weights (import_id, channel_id, day);
