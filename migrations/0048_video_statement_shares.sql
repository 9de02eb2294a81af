-- Each video month's share of its channel's statement (video_monthly.statement_share_micros, migration
-- 0047) follows a statement loaded, replaced or deleted after the rollup, as the title and country months'
-- do (migration 0020): the rollup refresh sets the shares of the months it refills
-- (src/server/ingest/rollup/statement-shares.ts), this trigger those of a month whose statement or estimate
-- changes. The same running cut over the month's videos in video id order, the weight total the channel's
-- month estimate: a video gets the part of the statement it has of the estimate, and the videos of a month
-- add up to the statement exactly when every estimated revenue row of the month names a video.

UPDATE video_monthly SET statement_share_micros = s.share
FROM (SELECT x.channel_id, x.month, x.video_id,
    CASE WHEN basis_finance IS NULL THEN NULL ELSE ((CASE WHEN (revenue_running) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running) / basis_estimate AS INTEGER) END) - (CASE WHEN (revenue_running - partner_revenue_micros) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running - partner_revenue_micros) / basis_estimate AS INTEGER) END)) END AS share
  FROM (SELECT channel_id, month, video_id, partner_revenue_micros,
      sum(partner_revenue_micros) OVER (PARTITION BY channel_id, month ORDER BY video_id ROWS UNBOUNDED PRECEDING) AS revenue_running
    FROM video_monthly) x
  LEFT JOIN (SELECT channel_id, month, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
    FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0) bm
    ON bm.channel_id = x.channel_id AND bm.month = x.month) s
WHERE video_monthly.channel_id = s.channel_id AND video_monthly.month = s.month AND video_monthly.video_id = s.video_id AND video_monthly.statement_share_micros IS NOT s.share;

CREATE TRIGGER channel_monthly_video_shares AFTER UPDATE OF statement_micros, partner_revenue_micros ON channel_monthly
WHEN OLD.statement_micros IS NOT NEW.statement_micros OR OLD.partner_revenue_micros IS NOT NEW.partner_revenue_micros BEGIN
  UPDATE video_monthly SET statement_share_micros = s.share
  FROM (SELECT x.channel_id, x.month, x.video_id,
      CASE WHEN basis_finance IS NULL THEN NULL ELSE ((CASE WHEN (revenue_running) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running) / basis_estimate AS INTEGER) END) - (CASE WHEN (revenue_running - partner_revenue_micros) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running - partner_revenue_micros) / basis_estimate AS INTEGER) END)) END AS share
    FROM (SELECT channel_id, month, video_id, partner_revenue_micros,
        sum(partner_revenue_micros) OVER (PARTITION BY channel_id, month ORDER BY video_id ROWS UNBOUNDED PRECEDING) AS revenue_running
      FROM video_monthly WHERE channel_id = NEW.channel_id AND month = NEW.month) x
    LEFT JOIN (SELECT channel_id, month, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
      FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0 AND channel_id = NEW.channel_id AND month = NEW.month) bm
      ON bm.channel_id = x.channel_id AND bm.month = x.month) s
  WHERE video_monthly.channel_id = s.channel_id AND video_monthly.month = s.month AND video_monthly.video_id = s.video_id AND video_monthly.statement_share_micros IS NOT s.share;
END;
