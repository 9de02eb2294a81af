// Public networks' sums over their channels' public figures: written to network_stats by the rollups
// (with the period before's, for previous positions) and computed the same way under a language or
// country filter, so stored and computed network rankings agree.
import { type Fragment, raw, sql } from '../../db/sql';
import { earningsBoundSql } from './metric-sql';

/** The sums' columns, in the order networkTotalsSql gives them after network_id. */
export const NETWORK_TOTAL_COLUMNS = [
  'channels_count',
  'subscriber_count',
  'view_count',
  'monthly_views',
  'monthly_subs',
  'watch_time_minutes',
  'earnings_low',
  'earnings_high',
] as const;

/**
 * Per public network, sums over the channels the figures carry (currentFiguresSql / previousFiguresSql,
 * which join `channels AS c`): the figures, watch time and each bound of the estimated earnings.
 * @example networkTotalsSql(currentFiguresSql('now', [{ column: 'country_code', value: 'US' }]))
 */
export function networkTotalsSql(figures: Fragment): Fragment {
  return sql`SELECT c.network_id, count(*) AS channels_count, sum(f.subscriber_count) AS subscriber_count,
    sum(f.view_count) AS view_count, sum(f.monthly_views) AS monthly_views, sum(f.monthly_subs) AS monthly_subs,
    sum(f.watch_time_minutes) AS watch_time_minutes,
    CAST(sum(${raw(earningsBoundSql('f.monthly_views', 0))}) AS INTEGER) AS earnings_low,
    CAST(sum(${raw(earningsBoundSql('f.monthly_views', 1))}) AS INTEGER) AS earnings_high
  FROM (${figures}) AS f JOIN channels AS c ON c.id = f.channel_id
  JOIN networks AS n ON n.id = c.network_id AND n.is_public = 1
  GROUP BY c.network_id`;
}
