-- Each channel day's share of its channel's finance statement, stored like the title and country months'
-- (migration 0020), so a day chart with earnings reads one column per row instead of spreading every
-- statement over every channel day at query time. On the large seed (500 channels × 3 years) the spread
-- of a lifetime day chart took 1.6 s of CPU in SQLite; reading the stored shares, 0.32 s for the whole
-- series (docs/stats.md, "Earnings").
--
-- statement_share_micros is exactly the spread src/server/stats/earnings.ts computed at query time:
-- within a (channel, month) the days in order, each day's share the difference of consecutive cuts
-- cut(run) = run = total ? statement : trunc(statement * run / total), run the running sum of the days'
-- estimates and total the channel's month estimate (channel_monthly.partner_revenue_micros); NULL where
-- the channel has no statement that month or no positive estimate (the day stays the estimate). The
-- trigger below recomputes a month's days whenever its statement or estimate changes: a statement loaded,
-- replaced or deleted (migration 0018's triggers update statement_micros), and a rollup refill, which
-- re-inserts the month and, when it has a statement, sets statement_micros by 0018's insert trigger. A
-- refilled month without a statement has no shares to compute: its days are NULL already (a statement
-- that went set them so).

ALTER TABLE channel_daily ADD COLUMN statement_share_micros INTEGER;

UPDATE channel_daily SET statement_share_micros = s.share
FROM (SELECT x.channel_id, x.day,
    CASE WHEN basis_finance IS NULL THEN NULL ELSE ((CASE WHEN (revenue_running) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running) / basis_estimate AS INTEGER) END) - (CASE WHEN (revenue_running - partner_revenue_micros) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running - partner_revenue_micros) / basis_estimate AS INTEGER) END)) END AS share
  FROM (SELECT channel_id, day, substr(day, 1, 7) AS month, partner_revenue_micros,
      sum(partner_revenue_micros) OVER (PARTITION BY channel_id, substr(day, 1, 7) ORDER BY day ROWS UNBOUNDED PRECEDING) AS revenue_running
    FROM channel_daily) x
  JOIN (SELECT channel_id, month, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
    FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0) bm
    ON bm.channel_id = x.channel_id AND bm.month = x.month) s
WHERE channel_daily.channel_id = s.channel_id AND channel_daily.day = s.day;

CREATE TRIGGER channel_monthly_daily_shares AFTER UPDATE OF statement_micros, partner_revenue_micros ON channel_monthly
WHEN OLD.statement_micros IS NOT NEW.statement_micros OR OLD.partner_revenue_micros IS NOT NEW.partner_revenue_micros BEGIN
  UPDATE channel_daily SET statement_share_micros = s.share
  FROM (SELECT x.channel_id, x.day,
      CASE WHEN basis_finance IS NULL THEN NULL ELSE ((CASE WHEN (revenue_running) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running) / basis_estimate AS INTEGER) END) - (CASE WHEN (revenue_running - partner_revenue_micros) = basis_estimate THEN basis_finance ELSE CAST(basis_finance * (revenue_running - partner_revenue_micros) / basis_estimate AS INTEGER) END)) END AS share
    FROM (SELECT channel_id, day, partner_revenue_micros,
        sum(partner_revenue_micros) OVER (ORDER BY day ROWS UNBOUNDED PRECEDING) AS revenue_running
      FROM channel_daily WHERE channel_id = NEW.channel_id AND day BETWEEN NEW.month || '-01' AND NEW.month || '-31') x
    LEFT JOIN (SELECT channel_id, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
      FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0 AND channel_id = NEW.channel_id AND month = NEW.month) bm
      ON bm.channel_id = x.channel_id) s
  WHERE channel_daily.channel_id = s.channel_id AND channel_daily.day = s.day AND channel_daily.statement_share_micros IS NOT s.share;
END;
