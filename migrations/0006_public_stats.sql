-- Public statistics: daily Data API snapshots of every tracked channel and the rollups the public
-- pages read (monthly history, the rolling 30 days, rankings, network and global totals).
-- A period is 'now' (the 30 days to the latest snapshot, the spec's "Last 30 days") or a month 'YYYY-MM';
-- a month row of the current month holds the month to date.

-- channels.list statistics, one row per tracked channel per day. subscriber_count is as public
-- as YouTube gives it (three significant figures), so daily subscriber changes come in steps.
CREATE TABLE channel_snapshots (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  subscriber_count INTEGER NOT NULL CHECK (subscriber_count >= 0),
  view_count INTEGER NOT NULL CHECK (view_count >= 0),
  video_count INTEGER NOT NULL CHECK (video_count >= 0),
  PRIMARY KEY (channel_id, day)
) WITHOUT ROWID;

-- One row per channel per month, derived from the snapshots (channel page history and cards).
-- Watch time and earnings are estimates from views (public data carries neither).
CREATE TABLE channel_history_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  -- Counters at the month's last snapshot.
  subscriber_count INTEGER NOT NULL,
  view_count INTEGER NOT NULL,
  video_count INTEGER NOT NULL,
  monthly_views INTEGER NOT NULL,
  monthly_subs INTEGER NOT NULL,
  watch_time_minutes INTEGER NOT NULL,
  earnings_micros INTEGER NOT NULL,
  PRIMARY KEY (channel_id, month)
) WITHOUT ROWID;

-- The latest figures per tracked channel: period 'now'. Search filters and sorts on them.
CREATE TABLE channel_now (
  channel_id INTEGER PRIMARY KEY REFERENCES channels (id) ON DELETE CASCADE,
  -- The snapshot day the figures are taken at.
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  subscriber_count INTEGER NOT NULL,
  view_count INTEGER NOT NULL,
  video_count INTEGER NOT NULL,
  monthly_views INTEGER NOT NULL,
  monthly_subs INTEGER NOT NULL,
  watch_time_minutes INTEGER NOT NULL,
  earnings_micros INTEGER NOT NULL
);
-- Channel search: range filters on monthly views and subscribers, sorted by either.
CREATE INDEX channel_now_by_monthly_views ON channel_now (monthly_views);
CREATE INDEX channel_now_by_subscribers ON channel_now (subscriber_count);

-- Channel positions by subscriber_count per period, overall and within one category, language
-- or country. Only the first positions of each list are stored (see docs/data-model.md);
-- rankings under several filters at once are computed from channel_now / channel_history_monthly.
CREATE TABLE channel_rankings (
  period TEXT NOT NULL CHECK (period = 'now' OR period GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  scope TEXT NOT NULL CHECK (scope IN ('overall', 'category', 'language', 'country')),
  -- '' for overall; else the category id, language code or country code2 as text.
  scope_key TEXT NOT NULL,
  position INTEGER NOT NULL CHECK (position >= 1),
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  -- The position in the previous period (month before, or 30 days earlier for 'now'); NULL if unranked.
  previous_position INTEGER CHECK (previous_position IS NULL OR previous_position >= 1),
  CHECK ((scope = 'overall') = (scope_key = '')),
  PRIMARY KEY (period, scope, scope_key, position)
) WITHOUT ROWID;
-- Channel page: the channel's top positions in a period.
CREATE INDEX channel_rankings_by_channel ON channel_rankings (channel_id, period);

-- Network totals per period, ranked by monthly views (network rankings and the network page).
CREATE TABLE network_stats (
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  period TEXT NOT NULL CHECK (period = 'now' OR period GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  channels_count INTEGER NOT NULL,
  subscriber_count INTEGER NOT NULL,
  monthly_views INTEGER NOT NULL,
  monthly_subs INTEGER NOT NULL,
  position INTEGER NOT NULL CHECK (position >= 1),
  previous_position INTEGER CHECK (previous_position IS NULL OR previous_position >= 1),
  PRIMARY KEY (network_id, period)
) WITHOUT ROWID;
CREATE INDEX network_stats_by_period ON network_stats (period, position);

-- Totals of tracked channels per period and (category, language, country): the global stats page,
-- its pie, country and category tables, under any combination of its three filters.
-- 0 / '' / 'ZZ' stand for a channel without category / language / country.
CREATE TABLE global_stats (
  period TEXT NOT NULL CHECK (period = 'now' OR period GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  category_id INTEGER NOT NULL,
  language_code TEXT NOT NULL,
  country_code TEXT NOT NULL,
  channels_count INTEGER NOT NULL,
  subscriber_count INTEGER NOT NULL,
  monthly_views INTEGER NOT NULL,
  monthly_subs INTEGER NOT NULL,
  video_count INTEGER NOT NULL,
  watch_time_minutes INTEGER NOT NULL,
  PRIMARY KEY (period, category_id, language_code, country_code)
) WITHOUT ROWID;
