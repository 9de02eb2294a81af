-- Report importer (src/server/ingest/load): loaded files and which (family, channel, day) each one
-- owns, provisional channel titles, title keys from video metadata, ad and reach metrics on the fact
-- grains, and the daily audience contributions behind channel_audience_monthly.

-- A channel created from a report before anything named it: its title is the YouTube id until video
-- metadata (channel_display_name) or the Data API gives the real one (and sets this back to 0).
ALTER TABLE channels ADD COLUMN title_provisional INTEGER NOT NULL DEFAULT 0 CHECK (title_provisional IN (0, 1));

-- Titles made from video metadata are keyed by the network's CMS custom_id (see docs/data-model.md);
-- titles made by hand have neither. NULLs never collide in a UNIQUE index.
ALTER TABLE titles ADD COLUMN network_id INTEGER REFERENCES networks (id) ON DELETE SET NULL;
ALTER TABLE titles ADD COLUMN custom_id TEXT;
CREATE UNIQUE INDEX titles_by_custom_id ON titles (network_id, custom_id);

-- Estimated ad figures (content_owner_estimated_revenue): CPM = gross_ad_revenue_micros * 1000 /
-- ad_impressions and playback-based CPM over monetized_playbacks, re-aggregated from sums, never averaged.
ALTER TABLE channel_daily ADD COLUMN ad_impressions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_daily ADD COLUMN monetized_playbacks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_daily ADD COLUMN gross_ad_revenue_micros INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_country_daily ADD COLUMN ad_impressions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_country_daily ADD COLUMN monetized_playbacks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_country_daily ADD COLUMN gross_ad_revenue_micros INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_title_daily ADD COLUMN ad_impressions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_title_daily ADD COLUMN monetized_playbacks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_title_daily ADD COLUMN gross_ad_revenue_micros INTEGER NOT NULL DEFAULT 0;

-- Thumbnail impressions (reach reports) and the clicks they led to (impressions x CTR per report row),
-- so CTR over any range is sum(impression_clicks) / sum(impressions). Reach has no country dimension.
ALTER TABLE channel_daily ADD COLUMN impressions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_daily ADD COLUMN impression_clicks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_title_daily ADD COLUMN impressions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_title_daily ADD COLUMN impression_clicks INTEGER NOT NULL DEFAULT 0;

-- A channel's day in one age group x gender: views_percentage weighted by the key's views from the
-- basic report of that day (fractional views). channel_audience_monthly is the sum of these, refreshed
-- for the months a demographics file touches, so a re-issued day replaces its contribution.
CREATE TABLE channel_audience_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  age_group TEXT NOT NULL CHECK (age_group IN ('13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+')),
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'user_specified')),
  views REAL NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (channel_id, day, age_group, gender)
) WITHOUT ROWID;

-- Every report file loaded, by the SHA-256 of its decoded content (gzip and a byte-order mark do not
-- change it): the same content again is 'unchanged' unless a later file took over some of its slices.
CREATE TABLE report_files (
  id INTEGER PRIMARY KEY,
  sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
  name TEXT NOT NULL,
  report_type TEXT NOT NULL,
  family TEXT NOT NULL,
  -- The network its channels were created in (content-owner files, or --network); NULL for none.
  network_id INTEGER REFERENCES networks (id) ON DELETE SET NULL,
  -- JSON array of the 'YYYY-MM-DD' days its rows carry ([] for snapshots).
  days TEXT NOT NULL DEFAULT '[]',
  channels INTEGER NOT NULL DEFAULT 0 CHECK (channels >= 0),
  rows INTEGER NOT NULL DEFAULT 0 CHECK (rows >= 0),
  status TEXT NOT NULL CHECK (status IN ('loaded', 'replaced')),
  loaded_at INTEGER NOT NULL,
  -- When a later file replaced some of what this one wrote; loading this content again then re-applies it.
  superseded_at INTEGER
);

-- Which file last wrote a (channel, day, family): 'replaced' detection and supersession. day is
-- 'YYYY-MM-DD', or 'YYYY-MM' for the monthly finance family.
CREATE TABLE report_slices (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  family TEXT NOT NULL,
  file_id INTEGER NOT NULL REFERENCES report_files (id) ON DELETE CASCADE,
  PRIMARY KEY (channel_id, day, family)
) WITHOUT ROWID;
