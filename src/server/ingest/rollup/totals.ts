// network_stats and global_stats: totals of tracked channels per period (networks ranked by monthly views).
import type { PeriodSources } from './period-sources';
import { runBatch, type Runner } from './runner';
import { type Fragment, raw, sql } from '../../db/sql';
import { currentFiguresSql, previousFiguresSql } from '../../public/rankings/figures';
import { NETWORK_TOTAL_COLUMNS, networkTotalsSql } from '../../public/rankings/network-totals';

/**
 * Replaces the period's network totals, their position by monthly views (then id) and the period
 * before's sums (network-totals.ts), from which the rankings by other metrics take previous positions.
 */
export async function refreshNetworkStats(runner: Runner, sources: PeriodSources): Promise<void> {
  await runBatch(runner, [raw('DELETE FROM network_stats WHERE period = ?1', sources.period), networkStatsInsertSql(sources.period)]);
}

/** The insert of a period's network_stats rows (its rows deleted first), also a backfill's statement. */
export function networkStatsInsertSql(period: string): Fragment {
  const cols = NETWORK_TOTAL_COLUMNS;
  const ranked = (figures: Fragment) =>
    sql`SELECT t.*, ROW_NUMBER() OVER (ORDER BY t.monthly_views DESC, t.network_id) AS position FROM (${networkTotalsSql(figures)}) AS t`;
  return sql`INSERT INTO network_stats (network_id, period, ${raw(cols.join(', '))}, position, previous_position,
  ${raw(cols.map((c) => `prev_${c}`).join(', '))})
WITH cur AS MATERIALIZED (${ranked(currentFiguresSql(period, []))}),
prev AS MATERIALIZED (${ranked(previousFiguresSql(period, []))})
SELECT cur.network_id, ${period}, ${raw(cols.map((c) => `cur.${c}`).join(', '))}, cur.position, prev.position,
  ${raw(cols.map((c) => `prev.${c}`).join(', '))}
FROM cur LEFT JOIN prev ON prev.network_id = cur.network_id`;
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
