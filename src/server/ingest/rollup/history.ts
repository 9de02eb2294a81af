// channel_history_monthly and channel_now from the daily public snapshots.
import { ESTIMATE_COLUMNS, monthSpansSql, nowSpansSql, RATE_JOINS, spanFiguresSql } from './public-figures';
import { ensureRates } from './rates';
import { runBatch, type Runner } from './runner';
import { raw } from '../../db/sql';

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
    await runBatch(runner, [{ sql: HISTORY_SQL, params: [JSON.stringify([month]), channels] }]);
  }
}

const NOW_SQL = `INSERT INTO channel_now (channel_id, day, ${FIGURE_COLUMNS})
WITH spans AS MATERIALIZED (${nowSpansSql(raw('?1'), raw(CHANNEL_FILTER)).sql}),
f AS (${spanFiguresSql('spans')})
SELECT f.channel_id, f.end_day, f.subscriber_count, f.view_count, f.video_count, f.monthly_views, f.monthly_subs,
  ${ESTIMATE_COLUMNS}
FROM f ${RATE_JOINS}`;

const CLEAR_NOW_SQL = 'DELETE FROM channel_now WHERE ?1 IS NULL OR channel_id IN (SELECT value FROM json_each(?1))';

/**
 * Replaces channel_now (all of it, or channelIds' rows) with the 30 days to latestDay; channels with
 * no snapshot in those days drop out. One batch: readers see the old rows or the new ones.
 */
export async function refreshNow(runner: Runner, latestDay: string, channelIds: number[] | null): Promise<void> {
  const channels = channelIds === null ? null : JSON.stringify(channelIds);
  await ensureRates(runner);
  await runBatch(runner, [
    { sql: CLEAR_NOW_SQL, params: [channels] },
    { sql: NOW_SQL, params: [latestDay, channels] },
  ]);
}
