-- Title x country and title x audience grains, so the Geography and Demography cards can honour a
-- titles (and video type) filter. YouTube's content-owner basic and demographics reports carry
-- video_id next to country and age/gender; the importer folds videos into titles as it does for
-- channel_title_daily. Views only: these grains answer the two cards, not every metric.
-- Size on the demo seed and the extrapolation to the large one: "Title grains" in docs/data-model.md.

-- One row per channel, day, title, video type and viewer country (basic reports).
CREATE TABLE channel_title_country_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  title_id INTEGER NOT NULL REFERENCES titles (id) ON DELETE CASCADE,
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live')),
  country_code TEXT NOT NULL REFERENCES countries (code2),
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, title_id, video_type, country_code)
) WITHOUT ROWID;

-- Its monthly rollup, refreshed per (channel, month) with the other partner grains.
CREATE TABLE channel_title_country_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  title_id INTEGER NOT NULL REFERENCES titles (id) ON DELETE CASCADE,
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live')),
  country_code TEXT NOT NULL REFERENCES countries (code2),
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, month, title_id, video_type, country_code)
) WITHOUT ROWID;

-- Per-day audience contributions of a title's videos (views_percentage weighted by the views of the
-- same key in the day's basic report), as channel_audience_daily is for the whole channel.
CREATE TABLE channel_title_audience_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  title_id INTEGER NOT NULL REFERENCES titles (id) ON DELETE CASCADE,
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live')),
  age_group TEXT NOT NULL CHECK (age_group IN ('13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+')),
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'user_specified')),
  views REAL NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (channel_id, day, title_id, video_type, age_group, gender)
) WITHOUT ROWID;

-- Each month's cells as the rounded sum of its days, refreshed by the demographics load.
CREATE TABLE channel_title_audience_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  title_id INTEGER NOT NULL REFERENCES titles (id) ON DELETE CASCADE,
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live')),
  age_group TEXT NOT NULL CHECK (age_group IN ('13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+')),
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'user_specified')),
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (channel_id, month, title_id, video_type, age_group, gender)
) WITHOUT ROWID;
