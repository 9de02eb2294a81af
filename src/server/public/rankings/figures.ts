// Channels' figures of a period and of the period before it, with a ranking metric's value, for the
// rankings computed on the fly and for the rollup that stores overall positions (positions.ts).
// The previous period is read from the rows the rollups rank by, so computed and stored lists agree.
import { and, type Fragment, raw, sql } from '../../db/sql';
import { NOW_PERIOD, shiftMonth } from '../../ingest/rollup/periods';
import type { RankingMetricKey } from '../../../lib/public/ranking-metrics';
import { CHANNEL_METRIC_SQL } from './metric-sql';

/** A condition on the channel; `ids` is a JSON array of channels.id, `public_network` 1 keeps public networks' channels. */
export interface ChannelFilter {
  column: 'category_id' | 'language_code' | 'country_code' | 'network_id' | 'ids' | 'public_network';
  value: string | number;
}

/** The filters as SQL on `channels AS c`, ANDed (none selects every channel). Columns come from the union above. */
function where(filters: readonly ChannelFilter[]): Fragment {
  return and(
    filters.map((f) => {
      if (f.column === 'ids') return sql`c.id IN (SELECT value FROM json_each(${f.value}))`;
      if (f.column === 'public_network') return sql`c.network_id IN (SELECT id FROM networks WHERE is_public = ${f.value})`;
      return sql`${raw(`c.${f.column}`)} = ${f.value}`;
    }),
  );
}

/**
 * How a month's figures join the channels: under a filter, channels first (CROSS JOIN keeps SQLite's
 * order), each one's month a primary-key seek. Left to choose, SQLite read the month's index over every
 * channel and dropped those outside the filter: a country's deep page in a month took ≈ 1.3 s of SQL on
 * the large seed, ≈ 0.3 s this way. Without a filter every channel is read either way.
 */
const monthJoin = (filters: readonly ChannelFilter[]) => raw(filters.length > 0 ? 'CROSS JOIN' : 'JOIN');

/** The columns every figures query gives, plus `value`, the metric's (NULL for a percentage without a base). */
function columns(metric: RankingMetricKey): Fragment {
  return raw(`f.channel_id, f.subscriber_count, f.view_count, f.monthly_views, f.monthly_subs, f.watch_time_minutes,
    ${CHANNEL_METRIC_SQL[metric]} AS value`);
}

/**
 * Figures in the period: channel_id, subscriber_count, view_count, monthly_views, monthly_subs,
 * watch_time_minutes and value. Starts from the filtered channels (an index on channels) and seeks
 * each one's figures by key.
 */
export function currentFiguresSql(
  period: string,
  filters: readonly ChannelFilter[],
  metric: RankingMetricKey = 'subscriber_count',
): Fragment {
  if (period === NOW_PERIOD) {
    return sql`SELECT ${columns(metric)} FROM channels AS c JOIN channel_now AS f ON f.channel_id = c.id WHERE ${where(filters)}`;
  }
  return sql`SELECT ${columns(metric)} FROM channels AS c
    ${monthJoin(filters)} channel_history_monthly AS f ON f.channel_id = c.id AND f.month = ${period} WHERE ${where(filters)}`;
}

/**
 * Figures of the period before, as currentFiguresSql gives them. For a month, the month before; for
 * 'now', the 30 days to 30 days before the latest snapshot (channel_now_previous, which the rollups rank
 * by too), whose watch time is estimated as the rollups estimate channel_now's: monthly views × the
 * channel's public rate, else its category's (rates.ts).
 */
export function previousFiguresSql(
  period: string,
  filters: readonly ChannelFilter[],
  metric: RankingMetricKey = 'subscriber_count',
): Fragment {
  if (period === NOW_PERIOD) {
    return sql`SELECT ${columns(metric)} FROM channels AS c
    JOIN (SELECT p.channel_id, p.subscriber_count, p.view_count, p.monthly_views, p.monthly_subs,
        CAST(round(max(p.monthly_views, 0) * coalesce(o.watch_rate, r.watch_rate, 0)) AS INTEGER) AS watch_time_minutes
      FROM channel_now_previous AS p JOIN channels AS pc ON pc.id = p.channel_id
      LEFT JOIN estimate_channel_rates AS o ON o.channel_id = p.channel_id
      LEFT JOIN estimate_category_rates AS r ON r.category_id IS pc.category_id) AS f ON f.channel_id = c.id
    WHERE ${where(filters)}`;
  }
  return sql`SELECT ${columns(metric)} FROM channels AS c
    ${monthJoin(filters)} channel_history_monthly AS f ON f.channel_id = c.id AND f.month = ${shiftMonth(period, -1)} WHERE ${where(filters)}`;
}
