// Channels' figures of a period and of the period before it, for rankings computed on the fly.
// The previous period is read exactly as the rollups read it, so computed and stored lists agree.
import { nowSpansSql, spanFiguresSql } from '../../ingest/rollup/public-figures';
import { NOW_PERIOD, NOW_PERIOD_DAYS, shiftMonth } from '../../ingest/rollup/periods';
import { addDays } from '../../../lib/time';

/** Bound values of one statement; add() returns the numbered placeholder to write in the SQL. */
export class SqlParams {
  readonly values: (string | number | null)[] = [];

  add(value: string | number | null): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

/** A condition on the channel; `ids` is a JSON array of channels.id, `public_network` 1 keeps public networks' channels. */
export interface ChannelFilter {
  column: 'category_id' | 'language_code' | 'country_code' | 'network_id' | 'ids' | 'public_network';
  value: string | number;
}

/** The filters as SQL on `channels AS c`, ANDed (none selects every channel). Columns come from the union above. */
function where(b: SqlParams, filters: readonly ChannelFilter[]): string {
  if (filters.length === 0) return '1';
  return filters
    .map((f) => {
      if (f.column === 'ids') return `c.id IN (SELECT value FROM json_each(${b.add(f.value)}))`;
      if (f.column === 'public_network') return `c.network_id IN (SELECT id FROM networks WHERE is_public = ${b.add(f.value)})`;
      return `c.${f.column} = ${b.add(f.value)}`;
    })
    .join(' AND ');
}

/**
 * Figures in the period: channel_id, subscriber_count, monthly_views, monthly_subs, watch_time_minutes.
 * Starts from the filtered channels (an index on channels) and seeks each one's figures by key.
 */
export function currentFiguresSql(b: SqlParams, period: string, filters: readonly ChannelFilter[]): string {
  const columns = 'f.channel_id, f.subscriber_count, f.monthly_views, f.monthly_subs, f.watch_time_minutes';
  if (period === NOW_PERIOD) {
    return `SELECT ${columns} FROM channels AS c JOIN channel_now AS f ON f.channel_id = c.id WHERE ${where(b, filters)}`;
  }
  const month = b.add(period);
  return `SELECT ${columns} FROM channels AS c
    JOIN channel_history_monthly AS f ON f.channel_id = c.id AND f.month = ${month} WHERE ${where(b, filters)}`;
}

/**
 * Figures of the period before: channel_id, subscriber_count, monthly_views, monthly_subs. For a month,
 * the month before; for 'now', the 30 days to 30 days before the latest snapshot, from the snapshots.
 */
export function previousFiguresSql(b: SqlParams, period: string, latestDay: string | null, filters: readonly ChannelFilter[]): string {
  if (period !== NOW_PERIOD) {
    const month = b.add(shiftMonth(period, -1));
    return `SELECT f.channel_id, f.subscriber_count, f.monthly_views, f.monthly_subs FROM channels AS c
      JOIN channel_history_monthly AS f ON f.channel_id = c.id AND f.month = ${month} WHERE ${where(b, filters)}`;
  }
  if (latestDay === null) return 'SELECT NULL AS channel_id, 0 AS subscriber_count, 0 AS monthly_views, 0 AS monthly_subs WHERE 0';
  const day = b.add(addDays(latestDay, -NOW_PERIOD_DAYS));
  return `SELECT f.channel_id, f.subscriber_count, f.monthly_views, f.monthly_subs
    FROM (${spanFiguresSql(`(${nowSpansSql(day, where(b, filters))})`, false)}) AS f`;
}

/** The latest snapshot day behind 'now' (null before any snapshot); months need none. */
export async function latestDayFor(db: D1Database, period: string): Promise<string | null> {
  if (period !== NOW_PERIOD) return null;
  const row = await db.prepare('SELECT max(day) AS day FROM channel_now').first<{ day: string | null }>();
  return row?.day ?? null;
}
