// Every rollup recomputed from the base tables: after a bulk load, a schema change, or edits of channel metadata.
import { refreshHistory, refreshNow } from './history';
import { rebuildPartnerMonthly } from './partner-monthly';
import { monthsBetween, NOW_PERIOD, shiftMonth } from './periods';
import { monthOf } from '../../../lib/dates/time';
import { refreshPeriods } from './public';
import { reestimatePartnerHistory } from './rates';
import { readRows, runBatch, type Runner } from './runner';
import { raw } from '../../db/sql';
import { rebuildTrends } from './trends';

/** The first and last snapshot days (index seeks per channel rather than a scan of the snapshots). */
async function snapshotSpan(runner: Runner): Promise<{ first: string; last: string } | null> {
  const [row] = await readRows<{ first: string | null; last: string | null }>(
    runner,
    raw(`SELECT min(first) AS first, max(last) AS last
  FROM (SELECT (SELECT min(day) FROM channel_snapshots WHERE channel_id = c.id) AS first,
               (SELECT max(day) FROM channel_snapshots WHERE channel_id = c.id) AS last
        FROM channels AS c)`),
  );
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

const PERIOD_TABLES = ['channel_rankings', 'channel_positions', 'channel_filter_slices', 'network_stats', 'global_stats'] as const;

/** History, channel_now, then rankings and totals of every period the history holds, and 'now'. */
async function rebuildPublic(runner: Runner): Promise<void> {
  const span = await snapshotSpan(runner);
  await reestimatePartnerHistory(runner);
  if (span) {
    // The first snapshot month has no earlier snapshot to grow from: it keeps its imported row.
    await refreshHistory(runner, monthsBetween(shiftMonth(monthOf(span.first), 1), monthOf(span.last)), null);
    await refreshNow(runner, span.last, null);
  } else {
    await runBatch(runner, [raw('DELETE FROM channel_now'), raw('DELETE FROM channel_now_previous')]);
  }
  const months = await readRows<{ month: string }>(runner, raw('SELECT DISTINCT month FROM channel_history_monthly ORDER BY month'));
  const periods = [...months.map((row) => row.month), ...(span ? [NOW_PERIOD] : [])];
  const keep = JSON.stringify(periods);
  await runBatch(
    runner,
    PERIOD_TABLES.map((table) => raw(`DELETE FROM ${table} WHERE period NOT IN (SELECT value FROM json_each(?1))`, keep)),
  );
  await refreshPeriods(runner, periods, periods);
}

/** Recomputes every rollup: partner monthly, public history and periods, trend positions. */
export async function rebuildAll(runner: Runner): Promise<void> {
  await rebuildPartnerMonthly(runner);
  await rebuildPublic(runner);
  await rebuildTrends(runner);
}
