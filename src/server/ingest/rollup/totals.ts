// network_stats and global_stats: totals of tracked channels per period (networks ranked by monthly views).
import type { PeriodSources } from './period-sources';
import { runBatch, type Runner } from './runner';
import { raw } from '../../db/sql';

/** Public networks' totals and their position by monthly views (then id). */
function networkTotalsSql(source: string): string {
  return `SELECT c.network_id, count(*) AS channels_count, sum(f.subscriber_count) AS subscriber_count,
    sum(f.monthly_views) AS monthly_views, sum(f.monthly_subs) AS monthly_subs,
    ROW_NUMBER() OVER (ORDER BY sum(f.monthly_views) DESC, c.network_id) AS position
  FROM (${source}) AS f
  JOIN channels AS c ON c.id = f.channel_id
  JOIN networks AS n ON n.id = c.network_id AND n.is_public = 1
  GROUP BY c.network_id`;
}

/** Replaces the period's network totals and positions. */
export async function refreshNetworkStats(runner: Runner, sources: PeriodSources): Promise<void> {
  const insert = `INSERT INTO network_stats (network_id, period, channels_count, subscriber_count, monthly_views,
  monthly_subs, position, previous_position)
WITH cur AS (${networkTotalsSql(sources.current)}),
prev AS (${networkTotalsSql(sources.previous)})
SELECT cur.network_id, ?1, cur.channels_count, cur.subscriber_count, cur.monthly_views, cur.monthly_subs,
  cur.position, prev.position
FROM cur LEFT JOIN prev ON prev.network_id = cur.network_id`;
  await runBatch(runner, [raw('DELETE FROM network_stats WHERE period = ?1', sources.period), raw(insert, ...sources.params)]);
}

/** Replaces the period's totals per (category, language, country); 0 / '' / 'ZZ' stand for none. */
export async function refreshGlobalStats(runner: Runner, sources: PeriodSources): Promise<void> {
  const insert = `INSERT INTO global_stats (period, category_id, language_code, country_code, channels_count,
  subscriber_count, monthly_views, monthly_subs, video_count, watch_time_minutes)
SELECT ?1, coalesce(c.category_id, 0), coalesce(c.language_code, ''), coalesce(c.country_code, 'ZZ'), count(*),
  sum(f.subscriber_count), sum(f.monthly_views), sum(f.monthly_subs), sum(f.video_count), sum(f.watch_time_minutes)
FROM (${sources.current}) AS f JOIN channels AS c ON c.id = f.channel_id
GROUP BY 2, 3, 4`;
  await runBatch(runner, [raw('DELETE FROM global_stats WHERE period = ?1', sources.period), raw(insert, sources.period)]);
}
