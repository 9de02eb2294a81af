-- A page per video (docs/partner-area.md, "Video page"): the grains the video page reads, keyed by the
-- report's own video_id. The title grains fold videos into (title, video type); these keep each video.
-- Written by the importer from the same report rows as the channel grains (basic, estimated revenue and
-- reach into video_daily; basic views by country into video_country_daily; demographics into
-- video_audience_daily; traffic sources into video_traffic_daily), so a video's days add up to its part of
-- the channel's. Claimed copies count under the UGC channel, as in every grain. No foreign key to videos:
-- a report can name a video before its metadata arrives, and copies are not partner videos.
-- Monthly rows are the plain sums of the days (FACT_GRAINS, src/server/ingest/rollup/fact-metrics.ts);
-- video_monthly also carries each video's share of its channel's statement (as channel_title_monthly).
-- Each table has an index by video: the video page reads one video over a period, a range of that index.
-- Size per network and the plan to fold old days: docs/data-model.md, "Video grains (0047)".

CREATE TABLE video_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  video_id TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  dislikes INTEGER NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  shares INTEGER NOT NULL DEFAULT 0,
  subscribers_gained INTEGER NOT NULL DEFAULT 0,
  subscribers_lost INTEGER NOT NULL DEFAULT 0,
  partner_revenue_micros INTEGER NOT NULL DEFAULT 0,
  ad_impressions INTEGER NOT NULL DEFAULT 0,
  monetized_playbacks INTEGER NOT NULL DEFAULT 0,
  gross_ad_revenue_micros INTEGER NOT NULL DEFAULT 0,
  impressions INTEGER NOT NULL DEFAULT 0,
  impression_clicks INTEGER NOT NULL DEFAULT 0,
  engaged_views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, video_id)
) WITHOUT ROWID;

CREATE INDEX video_daily_by_video ON video_daily (video_id, day);

CREATE TABLE video_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  video_id TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  dislikes INTEGER NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  shares INTEGER NOT NULL DEFAULT 0,
  subscribers_gained INTEGER NOT NULL DEFAULT 0,
  subscribers_lost INTEGER NOT NULL DEFAULT 0,
  partner_revenue_micros INTEGER NOT NULL DEFAULT 0,
  ad_impressions INTEGER NOT NULL DEFAULT 0,
  monetized_playbacks INTEGER NOT NULL DEFAULT 0,
  gross_ad_revenue_micros INTEGER NOT NULL DEFAULT 0,
  impressions INTEGER NOT NULL DEFAULT 0,
  impression_clicks INTEGER NOT NULL DEFAULT 0,
  engaged_views INTEGER NOT NULL DEFAULT 0,
  statement_share_micros INTEGER,
  PRIMARY KEY (channel_id, month, video_id)
) WITHOUT ROWID;

CREATE INDEX video_monthly_by_video ON video_monthly (video_id, month);

-- Views by viewer country (basic reports; codes outside countries are ZZ, as in every country grain).

CREATE TABLE video_country_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  video_id TEXT NOT NULL,
  country_code TEXT NOT NULL REFERENCES countries (code2),
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, video_id, country_code)
) WITHOUT ROWID;

CREATE INDEX video_country_daily_by_video ON video_country_daily (video_id, day);

CREATE TABLE video_country_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  video_id TEXT NOT NULL,
  country_code TEXT NOT NULL REFERENCES countries (code2),
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, month, video_id, country_code)
) WITHOUT ROWID;

CREATE INDEX video_country_monthly_by_video ON video_country_monthly (video_id, month);

-- Views by age group and gender, weighted as channel_title_audience_daily (REAL per day, rounded per month).

CREATE TABLE video_audience_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  video_id TEXT NOT NULL,
  age_group TEXT NOT NULL CHECK (age_group IN ('13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+')),
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'user_specified')),
  views REAL NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (channel_id, day, video_id, age_group, gender)
) WITHOUT ROWID;

CREATE INDEX video_audience_daily_by_video ON video_audience_daily (video_id, day);

CREATE TABLE video_audience_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  video_id TEXT NOT NULL,
  age_group TEXT NOT NULL CHECK (age_group IN ('13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+')),
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'user_specified')),
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (channel_id, month, video_id, age_group, gender)
) WITHOUT ROWID;

CREATE INDEX video_audience_monthly_by_video ON video_audience_monthly (video_id, month);

-- Views, engaged views and watch time by traffic source type (traffic-source reports), as channel_traffic_daily.

CREATE TABLE video_traffic_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  video_id TEXT NOT NULL,
  source_type INTEGER NOT NULL CHECK (source_type >= 0),
  views INTEGER NOT NULL DEFAULT 0,
  engaged_views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, video_id, source_type)
) WITHOUT ROWID;

CREATE INDEX video_traffic_daily_by_video ON video_traffic_daily (video_id, day);

CREATE TABLE video_traffic_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  video_id TEXT NOT NULL,
  source_type INTEGER NOT NULL CHECK (source_type >= 0),
  views INTEGER NOT NULL DEFAULT 0,
  engaged_views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, month, video_id, source_type)
) WITHOUT ROWID;

CREATE INDEX video_traffic_monthly_by_video ON video_traffic_monthly (video_id, month);
