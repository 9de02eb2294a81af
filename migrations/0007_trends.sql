-- Hourly trends: YouTube's most popular chart (videos.list chart=mostPopular) per country, taken
-- every hour. Hours are unix seconds at the start of the UTC hour.

-- A video that has been on a trends chart, with its latest counters.
CREATE TABLE trend_videos (
  video_id TEXT PRIMARY KEY CHECK (length(video_id) = 11),
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  video_title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  thumbnail_url TEXT NOT NULL DEFAULT '',
  category_id INTEGER REFERENCES categories (id),
  published_at INTEGER NOT NULL,
  view_count INTEGER NOT NULL DEFAULT 0,
  like_count INTEGER,
  -- The Data API stopped returning dislikes in December 2021; NULL when unknown.
  dislike_count INTEGER,
  comment_count INTEGER
) WITHOUT ROWID;
-- Channel trends page: a channel's trending videos.
CREATE INDEX trend_videos_by_channel ON trend_videos (channel_id, published_at);

-- One row per country, hour and chart position, with the video's counters at that hour.
CREATE TABLE trend_positions (
  country_code TEXT NOT NULL REFERENCES countries (code2),
  hour INTEGER NOT NULL CHECK (hour % 3600 = 0),
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 200),
  video_id TEXT NOT NULL REFERENCES trend_videos (video_id) ON DELETE CASCADE,
  views INTEGER NOT NULL,
  likes INTEGER,
  dislikes INTEGER,
  comments INTEGER,
  -- Position in the same country an hour before (NULL: not on the chart then) and best so far.
  previous_position INTEGER CHECK (previous_position IS NULL OR previous_position >= 1),
  best_position INTEGER NOT NULL CHECK (best_position >= 1 AND best_position <= position),
  PRIMARY KEY (country_code, hour, position)
) WITHOUT ROWID;
-- Trend video page: one video's positions and counters per country over time.
CREATE INDEX trend_positions_by_video ON trend_positions (video_id, country_code, hour);
