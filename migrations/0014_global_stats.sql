-- Global stats page: a month's channels by monthly views (top channels and the trending pool of a
-- month), read as an index range instead of a scan of every channel's history.
CREATE INDEX channel_history_monthly_by_month_views ON channel_history_monthly (month, monthly_views);
