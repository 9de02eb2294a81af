-- What viewers searched for: the YouTube search rows (traffic_source_type 5) of the traffic source reports,
-- summed per channel, day and search term (traffic_source_detail), for the Views details page's "Top
-- YouTube search terms" table (docs/data-model.md, "Search terms"). Bounded: a channel-day keeps its
-- SEARCH_TERMS_PER_DAY terms with the most views (src/server/ingest/load/search-terms.ts) and one row with
-- term '' for the rest, which also holds the searches YouTube names no term for (privacy thresholds) and
-- terms longer than the stored bound; so a channel-day's rows add up exactly to its YouTube search views in
-- channel_traffic_daily. Monthly rows are the plain sums of the days (FACT_GRAINS), so a month's '' row is
-- the sum of its days' and a term outside a day's top list is counted there that day.
CREATE TABLE channel_search_term_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  -- As YouTube prints it, trimmed; '' is "other terms".
  term TEXT NOT NULL CHECK (length(term) <= 200),
  views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, term)
) WITHOUT ROWID;

CREATE TABLE channel_search_term_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  term TEXT NOT NULL CHECK (length(term) <= 200),
  views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, month, term)
) WITHOUT ROWID;
