-- Partner-area facts imported from YouTube reports, at the grains the dashboard and details need.
-- Days are 'YYYY-MM-DD' (UTC), months 'YYYY-MM'. Money is integer micro-USD (1 USD = 1,000,000).
-- likes and dislikes are net (added minus removed) and may be negative. Every table's key starts
-- with channel_id so a query scoped to the user's channels reads only their rows.

-- One row per channel per day: everything the channel earned and did, summed over countries and videos.
-- Dashboard cards, chart series and channel breakdowns without a country or title filter.
CREATE TABLE channel_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  dislikes INTEGER NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  shares INTEGER NOT NULL DEFAULT 0,
  subscribers_gained INTEGER NOT NULL DEFAULT 0,
  subscribers_lost INTEGER NOT NULL DEFAULT 0,
  -- Estimated partner revenue (estimated_partner_revenue), in micro-USD.
  partner_revenue_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day)
) WITHOUT ROWID;

-- One row per channel, day and viewer country (only countries with activity that day).
-- Geography card, the map, country breakdowns, and every metric under a countries filter.
CREATE TABLE channel_country_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  country_code TEXT NOT NULL REFERENCES countries (code2),
  views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  dislikes INTEGER NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  shares INTEGER NOT NULL DEFAULT 0,
  subscribers_gained INTEGER NOT NULL DEFAULT 0,
  subscribers_lost INTEGER NOT NULL DEFAULT 0,
  partner_revenue_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, country_code)
) WITHOUT ROWID;

-- One row per channel, day, title and video type: the figures of that title's videos on that channel.
-- Titles tabs and filters, title breakdowns and the analytics page's video type filter.
-- Subscribers here are those gained on the videos; channel-page subscribers appear only in channel_daily.
CREATE TABLE channel_title_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  title_id INTEGER NOT NULL REFERENCES titles (id) ON DELETE CASCADE,
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live')),
  views INTEGER NOT NULL DEFAULT 0,
  watch_time_minutes INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  dislikes INTEGER NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  shares INTEGER NOT NULL DEFAULT 0,
  subscribers_gained INTEGER NOT NULL DEFAULT 0,
  subscribers_lost INTEGER NOT NULL DEFAULT 0,
  partner_revenue_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, title_id, video_type)
) WITHOUT ROWID;

-- Audience by age group and gender, per channel and month: views of logged-in viewers in each cell
-- (channel_demographics views_percentage weighted by the month's views), so cells add up across
-- channels and months without averaging percentages.
CREATE TABLE channel_audience_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  age_group TEXT NOT NULL CHECK (age_group IN ('13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+')),
  -- user_specified: viewers who chose neither (GENDER_OTHER / USER_SPECIFIED), kept apart.
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'user_specified')),
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (channel_id, month, age_group, gender)
) WITHOUT ROWID;

-- Finalized monthly revenue per channel (ad revenue raw / payments summary), for closed months only.
-- A month without a row is still estimated: earnings then mix finance and estimates.
CREATE TABLE channel_finance_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  -- Rows with adjustment_type None.
  revenue_micros INTEGER NOT NULL,
  -- Backpay, spam and other adjustments booked in this month's statement (may be negative).
  adjustment_micros INTEGER NOT NULL DEFAULT 0,
  finalized_at INTEGER NOT NULL,
  PRIMARY KEY (channel_id, month)
) WITHOUT ROWID;
