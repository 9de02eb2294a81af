-- Each network's channel days added up by day, so a day or week chart over years for a scope that holds
-- most of a network reads one row per day instead of one per channel and day (docs/stats.md, "Network
-- days"). On the large seed a lifetime by day of the network owner's 500 channels read 548,000 channel days
-- (0.32 s of CPU in SQLite); the network's days are 1,095 rows (5 ms).
--
-- network_daily holds, per (network, day), the sums of channel_daily over the channels whose network_id is
-- that network: every metric column, statement_share_micros (the days' statement shares, 0 where none,
-- migration 0033) and earnings_micros (each day's share where it has one, else its estimate), so a day of a
-- statement month reads its earnings and finance part without the channels' rows. Triggers keep it: a
-- channel day written, changed or deleted (its share included) adds its difference to its channel's
-- network; a channel that changes network (or loses it when the network is deleted) moves all its days; a
-- channel deleted takes its days out before its rows cascade. Channels without a network add nothing.
-- Days are written by upserts (ON CONFLICT DO UPDATE), never INSERT OR REPLACE: SQLite runs no delete
-- trigger for a row a REPLACE removes (recursive triggers are off), so the old day would stay counted.
-- Taking a day out only updates the network's row (never inserts a negative one): partner-move removes a
-- moved network's rows from the shared D1 before its channel days, which then find nothing to take from.

CREATE TABLE network_daily (
  network_id INTEGER NOT NULL,
  day TEXT NOT NULL,
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
  statement_share_micros INTEGER NOT NULL DEFAULT 0,
  earnings_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (network_id, day)
) WITHOUT ROWID;

INSERT INTO network_daily (network_id, day, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, statement_share_micros, earnings_micros)
SELECT c.network_id, d.day, sum(d.views), sum(d.watch_time_minutes), sum(d.likes), sum(d.dislikes), sum(d.comments), sum(d.shares), sum(d.subscribers_gained), sum(d.subscribers_lost), sum(d.partner_revenue_micros), sum(d.ad_impressions), sum(d.monetized_playbacks), sum(d.gross_ad_revenue_micros), sum(d.impressions), sum(d.impression_clicks), sum(coalesce(d.statement_share_micros, 0)), sum(coalesce(d.statement_share_micros, d.partner_revenue_micros))
FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.network_id IS NOT NULL GROUP BY c.network_id, d.day;

CREATE TRIGGER network_daily_add AFTER INSERT ON channel_daily BEGIN
  INSERT INTO network_daily (network_id, day, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, statement_share_micros, earnings_micros)
  SELECT c.network_id, NEW.day, NEW.views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros, NEW.impressions, NEW.impression_clicks, coalesce(NEW.statement_share_micros, 0), coalesce(NEW.statement_share_micros, NEW.partner_revenue_micros) FROM channels c WHERE c.id = NEW.channel_id AND c.network_id IS NOT NULL
  ON CONFLICT (network_id, day) DO UPDATE SET
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
    statement_share_micros = statement_share_micros + excluded.statement_share_micros,
    earnings_micros = earnings_micros + excluded.earnings_micros;
END;

CREATE TRIGGER network_daily_remove AFTER DELETE ON channel_daily BEGIN
  UPDATE network_daily SET
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
    statement_share_micros = statement_share_micros - coalesce(OLD.statement_share_micros, 0),
    earnings_micros = earnings_micros - coalesce(OLD.statement_share_micros, OLD.partner_revenue_micros)
  WHERE network_id = (SELECT network_id FROM channels WHERE id = OLD.channel_id) AND day = OLD.day;
END;

CREATE TRIGGER network_daily_change AFTER UPDATE ON channel_daily BEGIN
  UPDATE network_daily SET
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
    statement_share_micros = statement_share_micros - coalesce(OLD.statement_share_micros, 0),
    earnings_micros = earnings_micros - coalesce(OLD.statement_share_micros, OLD.partner_revenue_micros)
  WHERE network_id = (SELECT network_id FROM channels WHERE id = OLD.channel_id) AND day = OLD.day;
  INSERT INTO network_daily (network_id, day, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, statement_share_micros, earnings_micros)
  SELECT c.network_id, NEW.day, NEW.views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros, NEW.impressions, NEW.impression_clicks, coalesce(NEW.statement_share_micros, 0), coalesce(NEW.statement_share_micros, NEW.partner_revenue_micros) FROM channels c WHERE c.id = NEW.channel_id AND c.network_id IS NOT NULL
  ON CONFLICT (network_id, day) DO UPDATE SET
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
    statement_share_micros = statement_share_micros + excluded.statement_share_micros,
    earnings_micros = earnings_micros + excluded.earnings_micros;
END;

-- A channel moved to another network, or left without one (its network deleted: ON DELETE SET NULL).
CREATE TRIGGER network_daily_channel_moves AFTER UPDATE OF network_id ON channels
WHEN OLD.network_id IS NOT NEW.network_id BEGIN
  UPDATE network_daily SET
    views = network_daily.views - d.views,
    watch_time_minutes = network_daily.watch_time_minutes - d.watch_time_minutes,
    likes = network_daily.likes - d.likes,
    dislikes = network_daily.dislikes - d.dislikes,
    comments = network_daily.comments - d.comments,
    shares = network_daily.shares - d.shares,
    subscribers_gained = network_daily.subscribers_gained - d.subscribers_gained,
    subscribers_lost = network_daily.subscribers_lost - d.subscribers_lost,
    partner_revenue_micros = network_daily.partner_revenue_micros - d.partner_revenue_micros,
    ad_impressions = network_daily.ad_impressions - d.ad_impressions,
    monetized_playbacks = network_daily.monetized_playbacks - d.monetized_playbacks,
    gross_ad_revenue_micros = network_daily.gross_ad_revenue_micros - d.gross_ad_revenue_micros,
    impressions = network_daily.impressions - d.impressions,
    impression_clicks = network_daily.impression_clicks - d.impression_clicks,
    statement_share_micros = network_daily.statement_share_micros - d.statement_share_micros,
    earnings_micros = network_daily.earnings_micros - d.earnings_micros
  FROM (SELECT x.day, x.views AS views, x.watch_time_minutes AS watch_time_minutes, x.likes AS likes, x.dislikes AS dislikes, x.comments AS comments, x.shares AS shares, x.subscribers_gained AS subscribers_gained, x.subscribers_lost AS subscribers_lost, x.partner_revenue_micros AS partner_revenue_micros, x.ad_impressions AS ad_impressions, x.monetized_playbacks AS monetized_playbacks, x.gross_ad_revenue_micros AS gross_ad_revenue_micros, x.impressions AS impressions, x.impression_clicks AS impression_clicks, coalesce(x.statement_share_micros, 0) AS statement_share_micros, coalesce(x.statement_share_micros, x.partner_revenue_micros) AS earnings_micros FROM channel_daily x WHERE x.channel_id = OLD.id) AS d
  WHERE network_daily.network_id = OLD.network_id AND network_daily.day = d.day;
  INSERT INTO network_daily (network_id, day, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, statement_share_micros, earnings_micros)
  SELECT NEW.network_id, d.day, d.views, d.watch_time_minutes, d.likes, d.dislikes, d.comments, d.shares, d.subscribers_gained, d.subscribers_lost, d.partner_revenue_micros, d.ad_impressions, d.monetized_playbacks, d.gross_ad_revenue_micros, d.impressions, d.impression_clicks, coalesce(d.statement_share_micros, 0), coalesce(d.statement_share_micros, d.partner_revenue_micros) FROM channel_daily d WHERE d.channel_id = NEW.id AND NEW.network_id IS NOT NULL
  ON CONFLICT (network_id, day) DO UPDATE SET
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
    statement_share_micros = statement_share_micros + excluded.statement_share_micros,
    earnings_micros = earnings_micros + excluded.earnings_micros;
END;

-- Before the channel goes: its days cascade after it, when their own trigger no longer finds its network.
CREATE TRIGGER network_daily_channel_deleted BEFORE DELETE ON channels WHEN OLD.network_id IS NOT NULL BEGIN
  UPDATE network_daily SET
    views = network_daily.views - d.views,
    watch_time_minutes = network_daily.watch_time_minutes - d.watch_time_minutes,
    likes = network_daily.likes - d.likes,
    dislikes = network_daily.dislikes - d.dislikes,
    comments = network_daily.comments - d.comments,
    shares = network_daily.shares - d.shares,
    subscribers_gained = network_daily.subscribers_gained - d.subscribers_gained,
    subscribers_lost = network_daily.subscribers_lost - d.subscribers_lost,
    partner_revenue_micros = network_daily.partner_revenue_micros - d.partner_revenue_micros,
    ad_impressions = network_daily.ad_impressions - d.ad_impressions,
    monetized_playbacks = network_daily.monetized_playbacks - d.monetized_playbacks,
    gross_ad_revenue_micros = network_daily.gross_ad_revenue_micros - d.gross_ad_revenue_micros,
    impressions = network_daily.impressions - d.impressions,
    impression_clicks = network_daily.impression_clicks - d.impression_clicks,
    statement_share_micros = network_daily.statement_share_micros - d.statement_share_micros,
    earnings_micros = network_daily.earnings_micros - d.earnings_micros
  FROM (SELECT x.day, x.views AS views, x.watch_time_minutes AS watch_time_minutes, x.likes AS likes, x.dislikes AS dislikes, x.comments AS comments, x.shares AS shares, x.subscribers_gained AS subscribers_gained, x.subscribers_lost AS subscribers_lost, x.partner_revenue_micros AS partner_revenue_micros, x.ad_impressions AS ad_impressions, x.monetized_playbacks AS monetized_playbacks, x.gross_ad_revenue_micros AS gross_ad_revenue_micros, x.impressions AS impressions, x.impression_clicks AS impression_clicks, coalesce(x.statement_share_micros, 0) AS statement_share_micros, coalesce(x.statement_share_micros, x.partner_revenue_micros) AS earnings_micros FROM channel_daily x WHERE x.channel_id = OLD.id) AS d
  WHERE network_daily.network_id = OLD.network_id AND network_daily.day = d.day;
END;
