// The per-view rates of the public estimates (migration 0024, docs/public-stats.md "Estimates"), written
// once per refresh or rebuild into estimate_channel_rates and estimate_category_rates, which the history
// and 'now' statements join (public-figures.ts RATE_JOINS). Computing them reads every channel; a rebuild
// used to do it in each of its ~25 statements. Only public channels' imported history enters them: a
// partner channel's history may hold its network's reports, and a category average over a few channels
// would give one partner's watch time or revenue away.
import { runBatch, type Runner } from './runner';
import { raw } from '../../db/sql';

/** A partner channel: its network reports to us, so its imported history may hold private facts. */
const PARTNER_CHANNEL = 'EXISTS (SELECT 1 FROM networks AS n WHERE n.id = c.network_id AND n.is_partner = 1)';

/**
 * A public channel's own rate: its latest history month at or before its first snapshot (imported
 * history, which the rollups never rewrite, so the rate is stable) with views. Partner channels have
 * none: they take their category's, like a public channel without imported history.
 */
const CHANNEL_RATES_SQL = `INSERT INTO estimate_channel_rates (channel_id, category_id, watch_rate, earnings_rate)
SELECT t.channel_id, t.category_id, h.watch_time_minutes * 1.0 / h.monthly_views, h.earnings_micros * 1.0 / h.monthly_views
FROM (SELECT c.id AS channel_id, c.category_id,
        (SELECT min(s.day) FROM channel_snapshots AS s WHERE s.channel_id = c.id) AS first_day
      FROM channels AS c WHERE NOT ${PARTNER_CHANNEL}) AS t
JOIN channel_history_monthly AS h ON h.channel_id = t.channel_id AND h.month = (
  SELECT max(x.month) FROM channel_history_monthly AS x
  WHERE x.channel_id = t.channel_id AND x.month <= substr(t.first_day, 1, 7) AND x.monthly_views > 0)`;

/** A category's rate for its channels without one of their own: the average of its channels' rates. */
const CATEGORY_RATES_SQL = `INSERT INTO estimate_category_rates (category_id, watch_rate, earnings_rate)
SELECT category_id, avg(watch_rate), avg(earnings_rate) FROM estimate_channel_rates GROUP BY category_id`;

/**
 * Rewrites both rate tables, in one batch (readers see the old rates or the new), the first time a
 * runner writes estimates; its later statements read them as written. A rebuild or refresh writes
 * nothing the rates read, so they hold for all of it.
 * @example await ensureRates(runner); await runBatch(runner, [historyStatement])
 */
export async function ensureRates(runner: Runner): Promise<void> {
  if (runner.ratesWritten) return;
  await runBatch(runner, [
    raw('DELETE FROM estimate_channel_rates'),
    raw(CHANNEL_RATES_SQL),
    raw('DELETE FROM estimate_category_rates'),
    raw(CATEGORY_RATES_SQL),
  ]);
  runner.ratesWritten = true;
}

/**
 * A partner channel's history rows, imported ones included, re-estimated at its category's rates: the
 * figures its derived months get, so none of its rows shows what its network reported.
 */
const PARTNER_HISTORY_SQL = `UPDATE channel_history_monthly AS h SET
  watch_time_minutes = CAST(round(max(h.monthly_views, 0) * coalesce(e.watch_rate, 0)) AS INTEGER),
  earnings_micros = CAST(round(max(h.monthly_views, 0) * coalesce(e.earnings_rate, 0)) AS INTEGER)
FROM channels AS c LEFT JOIN estimate_category_rates AS e ON e.category_id IS c.category_id
WHERE c.id = h.channel_id AND ${PARTNER_CHANNEL}`;

/**
 * Rewrites every partner channel's history estimates at the rates just written (a rebuild: imported rows
 * arrive only with bulk loads, and a channel joins a partner network only by a metadata edit, both
 * followed by one).
 * @example await ensureRates(runner); await reestimatePartnerHistory(runner)
 */
export async function reestimatePartnerHistory(runner: Runner): Promise<void> {
  await ensureRates(runner);
  await runBatch(runner, [raw(PARTNER_HISTORY_SQL)]);
}
