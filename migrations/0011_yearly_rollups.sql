-- Yearly totals of the two grains whose long ranges are read untimed (geography and demography):
-- a lifetime of 3 years reads 3 rows per channel and key instead of 36. Triggers on the monthly tables
-- keep them exact whatever writes the months (report loads, API loads, rollup refreshes, cascades).

CREATE TABLE channel_country_yearly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  year TEXT NOT NULL CHECK (year GLOB '[0-9][0-9][0-9][0-9]'),
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
  ad_impressions INTEGER NOT NULL DEFAULT 0,
  monetized_playbacks INTEGER NOT NULL DEFAULT 0,
  gross_ad_revenue_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, year, country_code)
) WITHOUT ROWID;

INSERT INTO channel_country_yearly (channel_id, year, country_code, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros)
SELECT channel_id, substr(month, 1, 4), country_code, sum(views), sum(watch_time_minutes), sum(likes), sum(dislikes), sum(comments), sum(shares), sum(subscribers_gained), sum(subscribers_lost), sum(partner_revenue_micros), sum(ad_impressions), sum(monetized_playbacks), sum(gross_ad_revenue_micros)
FROM channel_country_monthly GROUP BY channel_id, substr(month, 1, 4), country_code;

CREATE TRIGGER channel_country_yearly_add AFTER INSERT ON channel_country_monthly BEGIN
  INSERT INTO channel_country_yearly (channel_id, year, country_code, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros)
  VALUES (NEW.channel_id, substr(NEW.month, 1, 4), NEW.country_code, NEW.views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros)
  ON CONFLICT (channel_id, year, country_code) DO UPDATE SET
    views = views + excluded.views,
    watch_time_minutes = watch_time_minutes + excluded.watch_time_minutes,
    likes = likes + excluded.likes,
    dislikes = dislikes + excluded.dislikes,
    comments = comments + excluded.comments,
    shares = shares + excluded.shares,
    subscribers_gained = subscribers_gained + excluded.subscribers_gained,
    subscribers_lost = subscribers_lost + excluded.subscribers_lost,
    partner_revenue_micros = partner_revenue_micros + excluded.partner_revenue_micros,
    ad_impressions = ad_impressions + excluded.ad_impressions,
    monetized_playbacks = monetized_playbacks + excluded.monetized_playbacks,
    gross_ad_revenue_micros = gross_ad_revenue_micros + excluded.gross_ad_revenue_micros;
END;

CREATE TRIGGER channel_country_yearly_remove AFTER DELETE ON channel_country_monthly BEGIN
  UPDATE channel_country_yearly SET
    views = views - OLD.views,
    watch_time_minutes = watch_time_minutes - OLD.watch_time_minutes,
    likes = likes - OLD.likes,
    dislikes = dislikes - OLD.dislikes,
    comments = comments - OLD.comments,
    shares = shares - OLD.shares,
    subscribers_gained = subscribers_gained - OLD.subscribers_gained,
    subscribers_lost = subscribers_lost - OLD.subscribers_lost,
    partner_revenue_micros = partner_revenue_micros - OLD.partner_revenue_micros,
    ad_impressions = ad_impressions - OLD.ad_impressions,
    monetized_playbacks = monetized_playbacks - OLD.monetized_playbacks,
    gross_ad_revenue_micros = gross_ad_revenue_micros - OLD.gross_ad_revenue_micros
  WHERE channel_id = OLD.channel_id AND year = substr(OLD.month, 1, 4) AND country_code = OLD.country_code;
END;

-- An update is a removal of the old row and an addition of the new one.
CREATE TRIGGER channel_country_yearly_change AFTER UPDATE ON channel_country_monthly BEGIN
  UPDATE channel_country_yearly SET
    views = views - OLD.views,
    watch_time_minutes = watch_time_minutes - OLD.watch_time_minutes,
    likes = likes - OLD.likes,
    dislikes = dislikes - OLD.dislikes,
    comments = comments - OLD.comments,
    shares = shares - OLD.shares,
    subscribers_gained = subscribers_gained - OLD.subscribers_gained,
    subscribers_lost = subscribers_lost - OLD.subscribers_lost,
    partner_revenue_micros = partner_revenue_micros - OLD.partner_revenue_micros,
    ad_impressions = ad_impressions - OLD.ad_impressions,
    monetized_playbacks = monetized_playbacks - OLD.monetized_playbacks,
    gross_ad_revenue_micros = gross_ad_revenue_micros - OLD.gross_ad_revenue_micros
  WHERE channel_id = OLD.channel_id AND year = substr(OLD.month, 1, 4) AND country_code = OLD.country_code;
  INSERT INTO channel_country_yearly (channel_id, year, country_code, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros)
  VALUES (NEW.channel_id, substr(NEW.month, 1, 4), NEW.country_code, NEW.views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros)
  ON CONFLICT (channel_id, year, country_code) DO UPDATE SET
    views = views + excluded.views,
    watch_time_minutes = watch_time_minutes + excluded.watch_time_minutes,
    likes = likes + excluded.likes,
    dislikes = dislikes + excluded.dislikes,
    comments = comments + excluded.comments,
    shares = shares + excluded.shares,
    subscribers_gained = subscribers_gained + excluded.subscribers_gained,
    subscribers_lost = subscribers_lost + excluded.subscribers_lost,
    partner_revenue_micros = partner_revenue_micros + excluded.partner_revenue_micros,
    ad_impressions = ad_impressions + excluded.ad_impressions,
    monetized_playbacks = monetized_playbacks + excluded.monetized_playbacks,
    gross_ad_revenue_micros = gross_ad_revenue_micros + excluded.gross_ad_revenue_micros;
END;

CREATE TABLE channel_audience_yearly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  year TEXT NOT NULL CHECK (year GLOB '[0-9][0-9][0-9][0-9]'),
  age_group TEXT NOT NULL,
  gender TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, year, age_group, gender)
) WITHOUT ROWID;

INSERT INTO channel_audience_yearly (channel_id, year, age_group, gender, views)
SELECT channel_id, substr(month, 1, 4), age_group, gender, sum(views)
FROM channel_audience_monthly GROUP BY channel_id, substr(month, 1, 4), age_group, gender;

CREATE TRIGGER channel_audience_yearly_add AFTER INSERT ON channel_audience_monthly BEGIN
  INSERT INTO channel_audience_yearly (channel_id, year, age_group, gender, views)
  VALUES (NEW.channel_id, substr(NEW.month, 1, 4), NEW.age_group, NEW.gender, NEW.views)
  ON CONFLICT (channel_id, year, age_group, gender) DO UPDATE SET views = views + excluded.views;
END;

CREATE TRIGGER channel_audience_yearly_remove AFTER DELETE ON channel_audience_monthly BEGIN
  UPDATE channel_audience_yearly SET views = views - OLD.views
  WHERE channel_id = OLD.channel_id AND year = substr(OLD.month, 1, 4) AND age_group = OLD.age_group AND gender = OLD.gender;
END;

CREATE TRIGGER channel_audience_yearly_change AFTER UPDATE ON channel_audience_monthly BEGIN
  UPDATE channel_audience_yearly SET views = views - OLD.views
  WHERE channel_id = OLD.channel_id AND year = substr(OLD.month, 1, 4) AND age_group = OLD.age_group AND gender = OLD.gender;
  INSERT INTO channel_audience_yearly (channel_id, year, age_group, gender, views)
  VALUES (NEW.channel_id, substr(NEW.month, 1, 4), NEW.age_group, NEW.gender, NEW.views)
  ON CONFLICT (channel_id, year, age_group, gender) DO UPDATE SET views = views + excluded.views;
END;
