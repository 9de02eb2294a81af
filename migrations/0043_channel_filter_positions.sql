-- Channels' positions within one country, category, language or network for the last 30 days ('now'), per
-- ranking metric (docs/public-stats.md, "Rankings"): a filtered ranking page at any depth (`/channels?country=US
-- &page=300`, a network page) reads a primary-key range instead of ranking every channel of the filter twice (the period
-- and the one before: ≈ 160 ms of CPU for the 37,578 US channels of the large seed). Written by the
-- rollups with 'now' (src/server/ingest/rollup/filter-positions.ts); months and combined filters are
-- computed. Size: one row per channel, metric and filter that the channel has a value for; on the large
-- seed (100,499 channels, 8 metrics, 4 filters, channels without a value left out) ≈ 3.2 M rows.
CREATE TABLE channel_filter_positions (
  period TEXT NOT NULL CHECK (period = 'now'),
  metric TEXT NOT NULL,
  filter TEXT NOT NULL CHECK (filter IN ('country_code', 'category_id', 'language_code', 'network_id')),
  -- The channel's value of the filter's column, as text (a category or network id is written '24').
  value TEXT NOT NULL,
  position INTEGER NOT NULL CHECK (position >= 1),
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  -- The position among the filter's channels in the 30 days before; NULL if unranked then.
  previous_position INTEGER CHECK (previous_position IS NULL OR previous_position >= 1),
  PRIMARY KEY (period, metric, filter, value, position)
) WITHOUT ROWID;
