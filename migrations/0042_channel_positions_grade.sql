-- A channel's own positions for its grade (docs/public-stats.md, "Channel grade"): the channel page reads
-- its 'now' position by subscribers, monthly views and monthly subs (src/server/public/channel/grade.ts).
-- channel_positions is keyed (period, metric, position), so without this each of those is a scan of a
-- whole ranking: ≈ 25 ms of SQL for the three on 100,499 channels (sqlite3, 11.26 M synthetic rows),
-- about as much as the rest of an uncached channel page. With it, one covering seek each (< 1 ms).
-- Partial on purpose. A full (channel_id, period, metric) index would hold every row: 100k channels ×
-- 8 metrics × 14 periods ≈ 11.2 M entries, ≈ 400 MB (the size measured for such an index in "Rankings",
-- "Speed") for reads of 3 of the 112 (period, metric) pairs. This one holds 'now' × the grade's 3
-- metrics: ≈ 300 k entries, 8.7 MB measured on the same copy, and adds ≈ 1.3 s to a refresh of 'now''s
-- positions (delete + insert of 800 k rows: 2.4 s against 1.1 s without it), none to the months'.
-- SQLite uses a partial index only when the query repeats its WHERE terms as written, so grade.ts writes
-- the same literals from GRADE_METRICS (src/lib/public/grade.ts); a test checks the plan uses it.
CREATE INDEX channel_positions_grade ON channel_positions (channel_id, metric)
WHERE period = 'now' AND metric IN ('subscriber_count', 'monthly_views', 'monthly_subs');
