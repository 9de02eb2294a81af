-- The fallback per-view rates of the public estimates (docs/data-model.md, "Estimates"): each channel's
-- own rate from its latest imported history month at or before its first snapshot, and each category's
-- average of them. Written once at the start of every public refresh or rebuild (rollup/rates.ts) and
-- read by its statements, which each computed them over every channel before: once per month of a
-- rebuild. Derived: a refresh rewrites both whole.
CREATE TABLE estimate_channel_rates (
  channel_id INTEGER PRIMARY KEY REFERENCES channels (id) ON DELETE CASCADE,
  category_id INTEGER,
  watch_rate REAL,
  earnings_rate REAL
);

-- category_id NULL: the channels of no category, whose estimates match it by IS.
CREATE TABLE estimate_category_rates (
  category_id INTEGER,
  watch_rate REAL,
  earnings_rate REAL
);
