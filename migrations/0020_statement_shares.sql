-- Each title and country month's share of its channel's finance statement, stored by the rollups, and
-- yearly totals of the title grain, so untimed sums with money (the details tables by title and by
-- country, the map, totals) read years and months instead of spreading each statement over every
-- monthly row at query time (docs/stats.md, "Earnings").
--
-- statement_share_micros is exactly the spread src/server/stats/earnings.ts computes: within a
-- (channel, month) the rows in key order, each row's share the difference of consecutive cuts
-- cut(run) = run = total ? statement : trunc(statement * run / total), run the running sum of the
-- rows' estimates and total the channel's month estimate (channel_monthly.partner_revenue_micros);
-- NULL where the channel has no statement that month or no positive estimate (the month stays the
-- estimate). The rollup refresh recomputes a refilled month's shares in the batch that refills it
-- (fact-metrics.ts); the trigger below recomputes them when a month's statement or estimate changes
-- (a statement loaded, replaced or deleted after the rollup: migration 0018 keeps statement_micros).
--
-- The yearly rows add earnings_micros (each month's share where it has one, else its estimate) and
-- statement_share_micros (the shares alone): a year's earnings when all its months use statements.

ALTER TABLE channel_country_monthly ADD COLUMN statement_share_micros INTEGER;
ALTER TABLE channel_title_monthly ADD COLUMN statement_share_micros INTEGER;

-- The yearly triggers of 0011 list their columns: replaced below by ones that also carry the shares
-- (dropped first, so the backfill of the months does not run them row by row).
DROP TRIGGER channel_country_yearly_add;
DROP TRIGGER channel_country_yearly_remove;
DROP TRIGGER channel_country_yearly_change;

UPDATE channel_country_monthly SET statement_share_micros = s.share
FROM (SELECT x.channel_id, x.month, x.country_code,
    CASE WHEN basis_finance IS NULL THEN NULL ELSE ((CASE WHEN (revenue_running) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running) / basis_estimate AS INTEGER) END) - (CASE WHEN (revenue_running - partner_revenue_micros) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running - partner_revenue_micros) / basis_estimate AS INTEGER) END)) END AS share
  FROM (SELECT channel_id, month, country_code, partner_revenue_micros,
      sum(partner_revenue_micros) OVER (PARTITION BY channel_id, month ORDER BY country_code ROWS UNBOUNDED PRECEDING) AS revenue_running
    FROM channel_country_monthly) x
  LEFT JOIN (SELECT channel_id, month, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
    FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0) bm
    ON bm.channel_id = x.channel_id AND bm.month = x.month) s
WHERE channel_country_monthly.channel_id = s.channel_id AND channel_country_monthly.month = s.month AND channel_country_monthly.country_code = s.country_code AND channel_country_monthly.statement_share_micros IS NOT s.share;

UPDATE channel_title_monthly SET statement_share_micros = s.share
FROM (SELECT x.channel_id, x.month, x.title_id, x.video_type,
    CASE WHEN basis_finance IS NULL THEN NULL ELSE ((CASE WHEN (revenue_running) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running) / basis_estimate AS INTEGER) END) - (CASE WHEN (revenue_running - partner_revenue_micros) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running - partner_revenue_micros) / basis_estimate AS INTEGER) END)) END AS share
  FROM (SELECT channel_id, month, title_id, video_type, partner_revenue_micros,
      sum(partner_revenue_micros) OVER (PARTITION BY channel_id, month ORDER BY title_id, video_type ROWS UNBOUNDED PRECEDING) AS revenue_running
    FROM channel_title_monthly) x
  LEFT JOIN (SELECT channel_id, month, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
    FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0) bm
    ON bm.channel_id = x.channel_id AND bm.month = x.month) s
WHERE channel_title_monthly.channel_id = s.channel_id AND channel_title_monthly.month = s.month AND channel_title_monthly.title_id = s.title_id AND channel_title_monthly.video_type = s.video_type AND channel_title_monthly.statement_share_micros IS NOT s.share;

ALTER TABLE channel_country_yearly ADD COLUMN earnings_micros INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_country_yearly ADD COLUMN statement_share_micros INTEGER NOT NULL DEFAULT 0;

-- Refilled from the months (the other sums are unchanged by this).
DELETE FROM channel_country_yearly;

INSERT INTO channel_country_yearly (channel_id, year, country_code, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, earnings_micros, statement_share_micros)
SELECT channel_id, substr(month, 1, 4), country_code, sum(views), sum(watch_time_minutes), sum(likes), sum(dislikes), sum(comments), sum(shares), sum(subscribers_gained), sum(subscribers_lost), sum(partner_revenue_micros), sum(ad_impressions), sum(monetized_playbacks), sum(gross_ad_revenue_micros), sum(coalesce(channel_country_monthly.statement_share_micros, channel_country_monthly.partner_revenue_micros)), sum(coalesce(channel_country_monthly.statement_share_micros, 0))
FROM channel_country_monthly GROUP BY channel_id, substr(month, 1, 4), country_code;

CREATE TABLE channel_title_yearly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  year TEXT NOT NULL CHECK (year GLOB '[0-9][0-9][0-9][0-9]'),
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
  ad_impressions INTEGER NOT NULL DEFAULT 0,
  monetized_playbacks INTEGER NOT NULL DEFAULT 0,
  gross_ad_revenue_micros INTEGER NOT NULL DEFAULT 0,
  impressions INTEGER NOT NULL DEFAULT 0,
  impression_clicks INTEGER NOT NULL DEFAULT 0,
  earnings_micros INTEGER NOT NULL DEFAULT 0,
  statement_share_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, year, title_id, video_type)
) WITHOUT ROWID;

INSERT INTO channel_title_yearly (channel_id, year, title_id, video_type, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, earnings_micros, statement_share_micros)
SELECT channel_id, substr(month, 1, 4), title_id, video_type, sum(views), sum(watch_time_minutes), sum(likes), sum(dislikes), sum(comments), sum(shares), sum(subscribers_gained), sum(subscribers_lost), sum(partner_revenue_micros), sum(ad_impressions), sum(monetized_playbacks), sum(gross_ad_revenue_micros), sum(impressions), sum(impression_clicks), sum(coalesce(channel_title_monthly.statement_share_micros, channel_title_monthly.partner_revenue_micros)), sum(coalesce(channel_title_monthly.statement_share_micros, 0))
FROM channel_title_monthly GROUP BY channel_id, substr(month, 1, 4), title_id, video_type;

CREATE TRIGGER channel_country_yearly_add AFTER INSERT ON channel_country_monthly BEGIN
  INSERT INTO channel_country_yearly (channel_id, year, country_code, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, earnings_micros, statement_share_micros)
  VALUES (NEW.channel_id, substr(NEW.month, 1, 4), NEW.country_code, NEW.views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros, coalesce(NEW.statement_share_micros, NEW.partner_revenue_micros), coalesce(NEW.statement_share_micros, 0))
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
    gross_ad_revenue_micros = gross_ad_revenue_micros + excluded.gross_ad_revenue_micros,
    earnings_micros = earnings_micros + excluded.earnings_micros,
    statement_share_micros = statement_share_micros + excluded.statement_share_micros;
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
    gross_ad_revenue_micros = gross_ad_revenue_micros - OLD.gross_ad_revenue_micros,
    earnings_micros = earnings_micros - coalesce(OLD.statement_share_micros, OLD.partner_revenue_micros),
    statement_share_micros = statement_share_micros - coalesce(OLD.statement_share_micros, 0)
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
    gross_ad_revenue_micros = gross_ad_revenue_micros - OLD.gross_ad_revenue_micros,
    earnings_micros = earnings_micros - coalesce(OLD.statement_share_micros, OLD.partner_revenue_micros),
    statement_share_micros = statement_share_micros - coalesce(OLD.statement_share_micros, 0)
  WHERE channel_id = OLD.channel_id AND year = substr(OLD.month, 1, 4) AND country_code = OLD.country_code;
  INSERT INTO channel_country_yearly (channel_id, year, country_code, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, earnings_micros, statement_share_micros)
  VALUES (NEW.channel_id, substr(NEW.month, 1, 4), NEW.country_code, NEW.views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros, coalesce(NEW.statement_share_micros, NEW.partner_revenue_micros), coalesce(NEW.statement_share_micros, 0))
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
    gross_ad_revenue_micros = gross_ad_revenue_micros + excluded.gross_ad_revenue_micros,
    earnings_micros = earnings_micros + excluded.earnings_micros,
    statement_share_micros = statement_share_micros + excluded.statement_share_micros;
END;

CREATE TRIGGER channel_title_yearly_add AFTER INSERT ON channel_title_monthly BEGIN
  INSERT INTO channel_title_yearly (channel_id, year, title_id, video_type, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, earnings_micros, statement_share_micros)
  VALUES (NEW.channel_id, substr(NEW.month, 1, 4), NEW.title_id, NEW.video_type, NEW.views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros, NEW.impressions, NEW.impression_clicks, coalesce(NEW.statement_share_micros, NEW.partner_revenue_micros), coalesce(NEW.statement_share_micros, 0))
  ON CONFLICT (channel_id, year, title_id, video_type) DO UPDATE SET
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
    gross_ad_revenue_micros = gross_ad_revenue_micros + excluded.gross_ad_revenue_micros,
    impressions = impressions + excluded.impressions,
    impression_clicks = impression_clicks + excluded.impression_clicks,
    earnings_micros = earnings_micros + excluded.earnings_micros,
    statement_share_micros = statement_share_micros + excluded.statement_share_micros;
END;

CREATE TRIGGER channel_title_yearly_remove AFTER DELETE ON channel_title_monthly BEGIN
  UPDATE channel_title_yearly SET
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
    gross_ad_revenue_micros = gross_ad_revenue_micros - OLD.gross_ad_revenue_micros,
    impressions = impressions - OLD.impressions,
    impression_clicks = impression_clicks - OLD.impression_clicks,
    earnings_micros = earnings_micros - coalesce(OLD.statement_share_micros, OLD.partner_revenue_micros),
    statement_share_micros = statement_share_micros - coalesce(OLD.statement_share_micros, 0)
  WHERE channel_id = OLD.channel_id AND year = substr(OLD.month, 1, 4) AND title_id = OLD.title_id AND video_type = OLD.video_type;
END;

-- An update is a removal of the old row and an addition of the new one.
CREATE TRIGGER channel_title_yearly_change AFTER UPDATE ON channel_title_monthly BEGIN
  UPDATE channel_title_yearly SET
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
    gross_ad_revenue_micros = gross_ad_revenue_micros - OLD.gross_ad_revenue_micros,
    impressions = impressions - OLD.impressions,
    impression_clicks = impression_clicks - OLD.impression_clicks,
    earnings_micros = earnings_micros - coalesce(OLD.statement_share_micros, OLD.partner_revenue_micros),
    statement_share_micros = statement_share_micros - coalesce(OLD.statement_share_micros, 0)
  WHERE channel_id = OLD.channel_id AND year = substr(OLD.month, 1, 4) AND title_id = OLD.title_id AND video_type = OLD.video_type;
  INSERT INTO channel_title_yearly (channel_id, year, title_id, video_type, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, earnings_micros, statement_share_micros)
  VALUES (NEW.channel_id, substr(NEW.month, 1, 4), NEW.title_id, NEW.video_type, NEW.views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros, NEW.impressions, NEW.impression_clicks, coalesce(NEW.statement_share_micros, NEW.partner_revenue_micros), coalesce(NEW.statement_share_micros, 0))
  ON CONFLICT (channel_id, year, title_id, video_type) DO UPDATE SET
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
    gross_ad_revenue_micros = gross_ad_revenue_micros + excluded.gross_ad_revenue_micros,
    impressions = impressions + excluded.impressions,
    impression_clicks = impression_clicks + excluded.impression_clicks,
    earnings_micros = earnings_micros + excluded.earnings_micros,
    statement_share_micros = statement_share_micros + excluded.statement_share_micros;
END;

-- A month's statement or estimate changed: its title and country months take their new shares.
CREATE TRIGGER channel_monthly_statement_shares AFTER UPDATE OF statement_micros, partner_revenue_micros ON channel_monthly
WHEN OLD.statement_micros IS NOT NEW.statement_micros OR OLD.partner_revenue_micros IS NOT NEW.partner_revenue_micros BEGIN
  UPDATE channel_country_monthly SET statement_share_micros = s.share
  FROM (SELECT x.channel_id, x.month, x.country_code,
      CASE WHEN basis_finance IS NULL THEN NULL ELSE ((CASE WHEN (revenue_running) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running) / basis_estimate AS INTEGER) END) - (CASE WHEN (revenue_running - partner_revenue_micros) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running - partner_revenue_micros) / basis_estimate AS INTEGER) END)) END AS share
    FROM (SELECT channel_id, month, country_code, partner_revenue_micros,
        sum(partner_revenue_micros) OVER (PARTITION BY channel_id, month ORDER BY country_code ROWS UNBOUNDED PRECEDING) AS revenue_running
      FROM channel_country_monthly WHERE channel_id = NEW.channel_id AND month = NEW.month) x
    LEFT JOIN (SELECT channel_id, month, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
      FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0 AND channel_id = NEW.channel_id AND month = NEW.month) bm
      ON bm.channel_id = x.channel_id AND bm.month = x.month) s
  WHERE channel_country_monthly.channel_id = s.channel_id AND channel_country_monthly.month = s.month AND channel_country_monthly.country_code = s.country_code AND channel_country_monthly.statement_share_micros IS NOT s.share;
  UPDATE channel_title_monthly SET statement_share_micros = s.share
  FROM (SELECT x.channel_id, x.month, x.title_id, x.video_type,
      CASE WHEN basis_finance IS NULL THEN NULL ELSE ((CASE WHEN (revenue_running) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running) / basis_estimate AS INTEGER) END) - (CASE WHEN (revenue_running - partner_revenue_micros) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running - partner_revenue_micros) / basis_estimate AS INTEGER) END)) END AS share
    FROM (SELECT channel_id, month, title_id, video_type, partner_revenue_micros,
        sum(partner_revenue_micros) OVER (PARTITION BY channel_id, month ORDER BY title_id, video_type ROWS UNBOUNDED PRECEDING) AS revenue_running
      FROM channel_title_monthly WHERE channel_id = NEW.channel_id AND month = NEW.month) x
    LEFT JOIN (SELECT channel_id, month, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
      FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0 AND channel_id = NEW.channel_id AND month = NEW.month) bm
      ON bm.channel_id = x.channel_id AND bm.month = x.month) s
  WHERE channel_title_monthly.channel_id = s.channel_id AND channel_title_monthly.month = s.month AND channel_title_monthly.title_id = s.title_id AND channel_title_monthly.video_type = s.video_type AND channel_title_monthly.statement_share_micros IS NOT s.share;
END;
