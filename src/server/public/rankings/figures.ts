// Channels' figures of a period and of the period before it, for rankings computed on the fly.
// The previous period is read from the rows the rollups rank by, so computed and stored lists agree.
import { and, type Fragment, raw, sql } from '../../db/sql';
import { NOW_PERIOD, shiftMonth } from '../../ingest/rollup/periods';

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
 * Figures in the period: channel_id, subscriber_count, monthly_views, monthly_subs, watch_time_minutes.
 * Starts from the filtered channels (an index on channels) and seeks each one's figures by key.
 */
export function currentFiguresSql(period: string, filters: readonly ChannelFilter[]): Fragment {
  const columns = raw('f.channel_id, f.subscriber_count, f.monthly_views, f.monthly_subs, f.watch_time_minutes');
  if (period === NOW_PERIOD) {
    return sql`SELECT ${columns} FROM channels AS c JOIN channel_now AS f ON f.channel_id = c.id WHERE ${where(filters)}`;
  }
  return sql`SELECT ${columns} FROM channels AS c
    JOIN channel_history_monthly AS f ON f.channel_id = c.id AND f.month = ${period} WHERE ${where(filters)}`;
}

/**
 * Figures of the period before: channel_id, subscriber_count, monthly_views, monthly_subs. For a month,
 * the month before; for 'now', the 30 days to 30 days before the latest snapshot (channel_now_previous,
 * which the rollups rank by too, so computed and stored lists agree).
 */
export function previousFiguresSql(period: string, filters: readonly ChannelFilter[]): Fragment {
  const figures =
    period === NOW_PERIOD
      ? raw('channel_now_previous AS f ON f.channel_id = c.id')
      : sql`channel_history_monthly AS f ON f.channel_id = c.id AND f.month = ${shiftMonth(period, -1)}`;
  return sql`SELECT f.channel_id, f.subscriber_count, f.monthly_views, f.monthly_subs FROM channels AS c
    JOIN ${figures} WHERE ${where(filters)}`;
}
