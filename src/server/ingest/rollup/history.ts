// channel_history_monthly and channel_now from the daily public snapshots.
import { ESTIMATE_COLUMNS, monthSpansSql, nowSpansSql, RATE_JOINS, spanFiguresSql } from './public-figures';
import { ensureRates } from './rates';
import { runBatch, type Runner } from './runner';
import { raw } from '../../db/sql';
import { NOW_PERIOD_DAYS } from './periods';
import { addDays } from '../../../lib/dates/time';

const FIGURE_COLUMNS = 'subscriber_count, view_count, video_count, monthly_views, monthly_subs, watch_time_minutes, earnings_micros';

/** ?2 is null (every channel) or a JSON array of channel ids. */
const CHANNEL_FILTER = '(?2 IS NULL OR c.id IN (SELECT value FROM json_each(?2)))';

// Upsert: months the snapshots cannot derive are not selected, so imported rows stay untouched.
// Public data only (docs/public-stats.md, "Estimates"): partner facts never enter these rows, so a
// split install needs nothing from its network stores here.
const HISTORY_SQL = `INSERT OR REPLACE INTO channel_history_monthly (channel_id, month, ${FIGURE_COLUMNS})
WITH spans AS MATERIALIZED (${monthSpansSql(CHANNEL_FILTER)}),
f AS (${spanFiguresSql('spans')})
SELECT f.channel_id, f.month, f.subscriber_count, f.view_count, f.video_count, f.monthly_views, f.monthly_subs,
  ${ESTIMATE_COLUMNS}
FROM f ${RATE_JOINS}`;

/**
 * Recomputes the months (one batch each, every channel or only channelIds) that the snapshots can
 * derive: counters at the month's last snapshot, growth since the last snapshot before the month.
 */
export async function refreshHistory(runner: Runner, months: string[], channelIds: number[] | null): Promise<void> {
  const channels = channelIds === null ? null : JSON.stringify(channelIds);
  if (months.length > 0) await ensureRates(runner);
  for (const month of months) {
    await runBatch(runner, [raw(HISTORY_SQL, JSON.stringify([month]), channels)]);
  }
}

const NOW_SQL = `INSERT INTO channel_now (channel_id, day, ${FIGURE_COLUMNS})
WITH spans AS MATERIALIZED (${nowSpansSql('?1', CHANNEL_FILTER)}),
f AS (${spanFiguresSql('spans')})
SELECT f.channel_id, f.end_day, f.subscriber_count, f.view_count, f.video_count, f.monthly_views, f.monthly_subs,
  ${ESTIMATE_COLUMNS}
FROM f ${RATE_JOINS}`;

// 'now' 30 days earlier (?1 is latestDay − 30): the previous period of every 'now' ranking, read by key
// instead of derived from the snapshots on each ranking (migrations/0035_channel_now_previous.sql).
const PREVIOUS_SQL = `INSERT INTO channel_now_previous (channel_id, day, subscriber_count, view_count, video_count, monthly_views, monthly_subs)
SELECT f.channel_id, f.end_day, f.subscriber_count, f.view_count, f.video_count, f.monthly_views, f.monthly_subs
FROM (${spanFiguresSql(`(${nowSpansSql('?1', CHANNEL_FILTER)})`)}) AS f`;

const clearSql = (table: string) => `DELETE FROM ${table} WHERE ?1 IS NULL OR channel_id IN (SELECT value FROM json_each(?1))`;

/**
 * Replaces channel_now and channel_now_previous (all of them, or channelIds' rows) with the 30 days to
 * latestDay and the 30 days to 30 days before it; channels with no snapshot in those days drop out. One
 * batch: readers see the old rows or the new ones.
 */
export async function refreshNow(runner: Runner, latestDay: string, channelIds: number[] | null): Promise<void> {
  const channels = channelIds === null ? null : JSON.stringify(channelIds);
  await ensureRates(runner);
  await runBatch(runner, [
    raw(clearSql('channel_now'), channels),
    raw(NOW_SQL, latestDay, channels),
    raw(clearSql('channel_now_previous'), channels),
    raw(PREVIOUS_SQL, addDays(latestDay, -NOW_PERIOD_DAYS), channels),
  ]);
}
