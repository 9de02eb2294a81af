-- Network rankings by every public ranking metric (docs/public-stats.md, "Rankings"): network_stats keeps
-- the sums each metric needs, and the same sums of the period before for previous positions, so ranking
-- the few hundred public networks by any metric reads only network_stats. The rollups fill them
-- (src/server/ingest/rollup/totals.ts); rows written before hold 0 and NULL until the next refresh.
-- Size: 11 integers per network and period.
ALTER TABLE network_stats ADD COLUMN view_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE network_stats ADD COLUMN watch_time_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE network_stats ADD COLUMN earnings_low INTEGER NOT NULL DEFAULT 0;
ALTER TABLE network_stats ADD COLUMN earnings_high INTEGER NOT NULL DEFAULT 0;
-- The period before's sums (NULL: the network had no figures then).
ALTER TABLE network_stats ADD COLUMN prev_channels_count INTEGER;
ALTER TABLE network_stats ADD COLUMN prev_subscriber_count INTEGER;
ALTER TABLE network_stats ADD COLUMN prev_view_count INTEGER;
ALTER TABLE network_stats ADD COLUMN prev_monthly_views INTEGER;
ALTER TABLE network_stats ADD COLUMN prev_monthly_subs INTEGER;
ALTER TABLE network_stats ADD COLUMN prev_watch_time_minutes INTEGER;
ALTER TABLE network_stats ADD COLUMN prev_earnings_low INTEGER;
ALTER TABLE network_stats ADD COLUMN prev_earnings_high INTEGER;
