-- 'now' as it stood 30 days before the latest snapshot: the previous period of every 'now' ranking, kept
-- beside channel_now so a ranking reads one row per channel instead of deriving it from the snapshots.
-- On the large seed a network page ranks the network's 5,306 channels and their previous positions: the
-- derivation (four snapshot seeks per channel) took 49 ms of the page's SQL; this table is one seek each.
--
-- Per channel, exactly as channel_now but as of P = (latest snapshot day − 30 days): end_day is its latest
-- snapshot in (P − 30, P], base_day its latest one on or before end_day − 30 (its first if tracked for
-- less); channels without a snapshot in those 30 days have no row. refreshNow rewrites it in the batch that
-- rewrites channel_now (src/server/ingest/rollup/history.ts), so readers see both of one refresh. The
-- backfill below is that statement as of the migration, with P from channel_now (empty: no rows).

CREATE TABLE channel_now_previous (
  channel_id INTEGER PRIMARY KEY REFERENCES channels (id) ON DELETE CASCADE,
  -- The snapshot day the figures are taken at (end_day of the previous span).
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  subscriber_count INTEGER NOT NULL,
  view_count INTEGER NOT NULL,
  video_count INTEGER NOT NULL,
  monthly_views INTEGER NOT NULL,
  monthly_subs INTEGER NOT NULL
);

INSERT INTO channel_now_previous (channel_id, day, subscriber_count, view_count, video_count, monthly_views, monthly_subs)
WITH spans AS MATERIALIZED (
  SELECT a.channel_id, a.end_day, coalesce(
    (SELECT max(s.day) FROM channel_snapshots AS s
     WHERE s.channel_id = a.channel_id AND s.day <= date(a.end_day, '-30 days')),
    (SELECT min(s.day) FROM channel_snapshots AS s WHERE s.channel_id = a.channel_id)) AS base_day
  FROM (
    SELECT c.id AS channel_id, (SELECT max(s.day) FROM channel_snapshots AS s
      WHERE s.channel_id = c.id AND s.day <= p.day AND s.day > date(p.day, '-30 days')) AS end_day
    FROM channels AS c CROSS JOIN (SELECT date(max(day), '-30 days') AS day FROM channel_now) AS p
    WHERE p.day IS NOT NULL) AS a
  WHERE a.end_day IS NOT NULL)
SELECT sp.channel_id, sp.end_day, e.subscriber_count, e.view_count, e.video_count,
  e.view_count - b.view_count, e.subscriber_count - b.subscriber_count
FROM spans AS sp
JOIN channel_snapshots AS e ON e.channel_id = sp.channel_id AND e.day = sp.end_day
JOIN channel_snapshots AS b ON b.channel_id = sp.channel_id AND b.day = sp.base_day;
