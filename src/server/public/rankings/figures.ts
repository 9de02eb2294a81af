// Channels' figures of a period and of the period before it, for rankings computed on the fly.
// The previous period is read exactly as the rollups read it, so computed and stored lists agree.
import { first } from '../../db/query';
import { and, type Fragment, raw, sql } from '../../db/sql';
import { nowSpansSql, spanFiguresSql } from '../../ingest/rollup/public-figures';
import { NOW_PERIOD, NOW_PERIOD_DAYS, shiftMonth } from '../../ingest/rollup/periods';
import { addDays } from '../../../lib/time';

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
 * the month before; for 'now', the 30 days to 30 days before the latest snapshot, from the snapshots.
 */
export function previousFiguresSql(period: string, latestDay: string | null, filters: readonly ChannelFilter[]): Fragment {
  if (period !== NOW_PERIOD) {
    return sql`SELECT f.channel_id, f.subscriber_count, f.monthly_views, f.monthly_subs FROM channels AS c
      JOIN channel_history_monthly AS f ON f.channel_id = c.id AND f.month = ${shiftMonth(period, -1)} WHERE ${where(filters)}`;
  }
  if (latestDay === null) return raw('SELECT NULL AS channel_id, 0 AS subscriber_count, 0 AS monthly_views, 0 AS monthly_subs WHERE 0');
  const spans = nowSpansSql(sql`${addDays(latestDay, -NOW_PERIOD_DAYS)}`, where(filters));
  // spanFiguresSql writes the spans' text once and binds nothing of its own.
  const figures = raw(spanFiguresSql(`(${spans.sql})`), ...spans.params);
  return sql`SELECT f.channel_id, f.subscriber_count, f.monthly_views, f.monthly_subs FROM (${figures}) AS f`;
}

/** The latest snapshot day behind 'now' (null before any snapshot); months need none. */
export async function latestDayFor(db: D1Database, period: string): Promise<string | null> {
  if (period !== NOW_PERIOD) return null;
  const row = await first<{ day: string | null }>(db, raw('SELECT max(day) AS day FROM channel_now'));
  return row?.day ?? null;
}
