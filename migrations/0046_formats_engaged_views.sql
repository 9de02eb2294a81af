-- Shorts, long-form, live and the channel page side by side, and YouTube's engaged views.
--
-- engaged_views: since 31 March 2025 YouTube counts a Short's views as every start or replay, while
-- engaged_views (channel_basic_a3, content_owner_basic_a4) keeps the earlier count. Basic reports write it
-- beside views in channel_daily and the format grain; channel_monthly sums it (FACT_GRAINS) and
-- network_daily adds it up by triggers, recreated below with the column (migration 0034 describes them).
-- Days loaded before this migration hold 0 until their files are re-applied (npm run import -- --reapply).
--
-- The format grain: a channel's day per video type. The title grain has video types only for videos with a
-- title, and channel-level rows (no video: subscribers gained on the channel page) count in the channel and
-- country grains only, so a split by format read from titles would not add up to the channel. Here every
-- report row counts: a video's type from the catalogue (live where the report marks it live), `full` for a
-- claimed copy and for a video the catalogue does not hold yet, `channel` for rows without a video. The
-- formats of a (channel, day) add up to its channel_daily row exactly, every metric (the importer rounds
-- watch time so: ingest/load/facts/format-grain.ts). Days loaded before this migration have no format rows
-- until re-applied. docs/data-model.md, "Format grain (0046)".

CREATE TABLE channel_format_daily (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live', 'channel')),
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
  PRIMARY KEY (channel_id, day, video_type)
) WITHOUT ROWID;

-- The months of the format grain: a partner rollup (FACT_GRAINS), refreshed with the others.
CREATE TABLE channel_format_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live', 'channel')),
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
  PRIMARY KEY (channel_id, month, video_type)
) WITHOUT ROWID;

ALTER TABLE channel_daily ADD COLUMN engaged_views INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_monthly ADD COLUMN engaged_views INTEGER NOT NULL DEFAULT 0;
ALTER TABLE network_daily ADD COLUMN engaged_views INTEGER NOT NULL DEFAULT 0;

-- network_daily's triggers with engaged_views among the sums (otherwise as migration 0034 wrote them).
DROP TRIGGER network_daily_add;
DROP TRIGGER network_daily_remove;
DROP TRIGGER network_daily_change;
DROP TRIGGER network_daily_channel_moves;
DROP TRIGGER network_daily_channel_deleted;

CREATE TRIGGER network_daily_add AFTER INSERT ON channel_daily BEGIN
  INSERT INTO network_daily (network_id, day, views, engaged_views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, statement_share_micros, earnings_micros)
  SELECT c.network_id, NEW.day, NEW.views, NEW.engaged_views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros, NEW.impressions, NEW.impression_clicks, coalesce(NEW.statement_share_micros, 0), coalesce(NEW.statement_share_micros, NEW.partner_revenue_micros) FROM channels c WHERE c.id = NEW.channel_id AND c.network_id IS NOT NULL
  ON CONFLICT (network_id, day) DO UPDATE SET
    views = views + excluded.views,
    engaged_views = engaged_views + excluded.engaged_views,
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
    engaged_views = engaged_views - OLD.engaged_views,
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
    engaged_views = engaged_views - OLD.engaged_views,
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
  INSERT INTO network_daily (network_id, day, views, engaged_views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, statement_share_micros, earnings_micros)
  SELECT c.network_id, NEW.day, NEW.views, NEW.engaged_views, NEW.watch_time_minutes, NEW.likes, NEW.dislikes, NEW.comments, NEW.shares, NEW.subscribers_gained, NEW.subscribers_lost, NEW.partner_revenue_micros, NEW.ad_impressions, NEW.monetized_playbacks, NEW.gross_ad_revenue_micros, NEW.impressions, NEW.impression_clicks, coalesce(NEW.statement_share_micros, 0), coalesce(NEW.statement_share_micros, NEW.partner_revenue_micros) FROM channels c WHERE c.id = NEW.channel_id AND c.network_id IS NOT NULL
  ON CONFLICT (network_id, day) DO UPDATE SET
    views = views + excluded.views,
    engaged_views = engaged_views + excluded.engaged_views,
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
    engaged_views = network_daily.engaged_views - d.engaged_views,
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
  FROM (SELECT x.day, x.views AS views, x.engaged_views AS engaged_views, x.watch_time_minutes AS watch_time_minutes, x.likes AS likes, x.dislikes AS dislikes, x.comments AS comments, x.shares AS shares, x.subscribers_gained AS subscribers_gained, x.subscribers_lost AS subscribers_lost, x.partner_revenue_micros AS partner_revenue_micros, x.ad_impressions AS ad_impressions, x.monetized_playbacks AS monetized_playbacks, x.gross_ad_revenue_micros AS gross_ad_revenue_micros, x.impressions AS impressions, x.impression_clicks AS impression_clicks, coalesce(x.statement_share_micros, 0) AS statement_share_micros, coalesce(x.statement_share_micros, x.partner_revenue_micros) AS earnings_micros FROM channel_daily x WHERE x.channel_id = OLD.id) AS d
  WHERE network_daily.network_id = OLD.network_id AND network_daily.day = d.day;
  INSERT INTO network_daily (network_id, day, views, engaged_views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros, impressions, impression_clicks, statement_share_micros, earnings_micros)
  SELECT NEW.network_id, d.day, d.views, d.engaged_views, d.watch_time_minutes, d.likes, d.dislikes, d.comments, d.shares, d.subscribers_gained, d.subscribers_lost, d.partner_revenue_micros, d.ad_impressions, d.monetized_playbacks, d.gross_ad_revenue_micros, d.impressions, d.impression_clicks, coalesce(d.statement_share_micros, 0), coalesce(d.statement_share_micros, d.partner_revenue_micros) FROM channel_daily d WHERE d.channel_id = NEW.id AND NEW.network_id IS NOT NULL
  ON CONFLICT (network_id, day) DO UPDATE SET
    views = views + excluded.views,
    engaged_views = engaged_views + excluded.engaged_views,
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
    engaged_views = network_daily.engaged_views - d.engaged_views,
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
  FROM (SELECT x.day, x.views AS views, x.engaged_views AS engaged_views, x.watch_time_minutes AS watch_time_minutes, x.likes AS likes, x.dislikes AS dislikes, x.comments AS comments, x.shares AS shares, x.subscribers_gained AS subscribers_gained, x.subscribers_lost AS subscribers_lost, x.partner_revenue_micros AS partner_revenue_micros, x.ad_impressions AS ad_impressions, x.monetized_playbacks AS monetized_playbacks, x.gross_ad_revenue_micros AS gross_ad_revenue_micros, x.impressions AS impressions, x.impression_clicks AS impression_clicks, coalesce(x.statement_share_micros, 0) AS statement_share_micros, coalesce(x.statement_share_micros, x.partner_revenue_micros) AS earnings_micros FROM channel_daily x WHERE x.channel_id = OLD.id) AS d
  WHERE network_daily.network_id = OLD.network_id AND network_daily.day = d.day;
END;
