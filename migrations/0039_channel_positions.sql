-- Every channel's overall position per period and ranking metric (docs/public-stats.md, "Rankings"):
-- /channels pages by any metric, at any depth, read a primary-key range instead of ranking 100,000
-- channels (≈ 150 ms per window on the large seed). The rollups rewrite a period's rows with its
-- channel_rankings (src/server/ingest/rollup/positions.ts); until then a ranking is computed.
-- Size: one row per channel, metric and period; on the large seed (100,499 channels, 13 months and
-- 'now', 8 metrics) ≈ 11 M rows.
CREATE TABLE channel_positions (
  period TEXT NOT NULL CHECK (period = 'now' OR period GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  metric TEXT NOT NULL,
  position INTEGER NOT NULL CHECK (position >= 1),
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  -- The position in the previous period (month before, or 30 days earlier for 'now'); NULL if unranked.
  previous_position INTEGER CHECK (previous_position IS NULL OR previous_position >= 1),
  PRIMARY KEY (period, metric, position)
) WITHOUT ROWID;
