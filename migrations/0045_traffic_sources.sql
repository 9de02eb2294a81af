-- Where views come from: YouTube's channel_traffic_source_a2/a3 and content_owner_traffic_source_a2/a3
-- reports summed per channel, day and traffic_source_type (the integer codes of the Reporting API,
-- src/lib/traffic/source-types.ts), for the dashboard's Traffic sources card (docs/data-model.md, "Traffic
-- sources"). Countries, subscribed status and the source detail are summed away: the card is not filtered
-- by countries. Monthly rows are the plain sums of the days, refreshed with the other partner rollups
-- (FACT_GRAINS, src/server/ingest/rollup/fact-metrics.ts), so long ranges read months.
CREATE TABLE channel_traffic_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  source_type INTEGER NOT NULL CHECK (source_type >= 0),
  views INTEGER NOT NULL DEFAULT 0,
  -- 0 where the report is a2 (no engaged_views column).
  engaged_views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, source_type)
) WITHOUT ROWID;

CREATE TABLE channel_traffic_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  source_type INTEGER NOT NULL CHECK (source_type >= 0),
  views INTEGER NOT NULL DEFAULT 0,
  engaged_views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, month, source_type)
) WITHOUT ROWID;

-- The same per title and video type: the card under a titles or video type filter.
CREATE TABLE channel_title_traffic_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  title_id INTEGER NOT NULL REFERENCES titles (id) ON DELETE CASCADE,
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live')),
  source_type INTEGER NOT NULL CHECK (source_type >= 0),
  views INTEGER NOT NULL DEFAULT 0,
  engaged_views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, title_id, video_type, source_type)
) WITHOUT ROWID;

CREATE TABLE channel_title_traffic_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  title_id INTEGER NOT NULL REFERENCES titles (id) ON DELETE CASCADE,
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live')),
  source_type INTEGER NOT NULL CHECK (source_type >= 0),
  views INTEGER NOT NULL DEFAULT 0,
  engaged_views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, month, title_id, video_type, source_type)
) WITHOUT ROWID;
