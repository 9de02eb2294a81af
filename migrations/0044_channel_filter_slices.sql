-- Channels' positions within a country, a category, a language (alone, or two or three of them at once) or
-- a network, per period ('now' and every month) and ranking metric (docs/public-stats.md, "Rankings"),
-- replacing 0043's rows for 'now' and single filters only. A filtered ranking page at any depth
-- (`/channels?country=US&lang=en&period=2026-10&page=300`, a network page) reads two or three rows
-- instead of ranking every channel of the filter twice (≈ 260 ms for the US channels of the large seed in
-- a month, ≈ 190 ms for US and English). A row is a slice of 1,000 consecutive positions: their channels
-- and their positions within the filter in the period before, as comma-separated text
-- (src/server/public/rankings/filter-slices.ts). On the large seed (100,499 channels, 8 metrics, 8
-- filters) a period is 16,072 rows and ≈ 69 MB; 0043's rows for 4 filters were 2.6 M rows and ≈ 135 MB
-- for 'now' alone. The rollups write it from the Worker in short statements
-- (src/server/ingest/rollup/filter-positions.ts) where 0043's took ≈ 20 s of D1 per batch.
DROP TABLE channel_filter_positions;
CREATE TABLE channel_filter_slices (
  period TEXT NOT NULL CHECK (period = 'now' OR period GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  metric TEXT NOT NULL,
  -- One column, or several joined by '+' in this order (src/server/public/rankings/filter-slices.ts).
  filter TEXT NOT NULL CHECK (filter IN ('country_code', 'category_id', 'language_code', 'network_id', 'country_code+category_id',
    'country_code+language_code', 'category_id+language_code', 'country_code+category_id+language_code')),
  -- The channels' value of the filter's columns, as text joined by '|' (a category or network id is written
  -- '24'; country and category 'US|24').
  value TEXT NOT NULL,
  -- Positions slice × 1,000 + 1 to (slice + 1) × 1,000 (fewer in the last slice).
  slice INTEGER NOT NULL CHECK (slice >= 0),
  -- How many channels the filter's value ranks in the period (the same on each of its slices).
  total INTEGER NOT NULL CHECK (total >= 1),
  -- channels.id of each position, comma-separated, in order.
  channel_ids TEXT NOT NULL,
  -- Each one's position within the value in the period before, comma-separated; empty if unranked then.
  previous_positions TEXT NOT NULL,
  PRIMARY KEY (period, metric, filter, value, slice)
);
