// Each ranking metric as an SQL value over a channel's figures (alias f) and the channel (alias c), and
// the order every ranking uses. The earnings value is the estimate's range as the pages show it
// (estimateEarnings: whole dollars, low + high), written from the same constants, so SQL and the page agree.
import { CATEGORY_FACTOR, TIER_1, TIER_2, TIER_3, TIER_RPM } from '../../../lib/public/public-estimates';
import type { RankingMetricKey } from '../../../lib/public/ranking-metrics';

const quoted = (codes: ReadonlySet<string>) => [...codes].map((code) => `'${code}'`).join(', ');

/** The RPM bound (0 low, 1 high) of the channel's country tier, as a CASE on c.country_code. */
function tierRpmSql(bound: 0 | 1): string {
  return `CASE WHEN c.country_code IN (${quoted(TIER_1)}) THEN ${TIER_RPM[1][bound]}
    WHEN c.country_code IN (${quoted(TIER_2)}) THEN ${TIER_RPM[2][bound]}
    WHEN c.country_code IN (${quoted(TIER_3)}) THEN ${TIER_RPM[3][bound]} ELSE ${TIER_RPM[4][bound]} END`;
}

const CATEGORY_FACTOR_SQL = `CASE c.category_id ${Object.entries(CATEGORY_FACTOR)
  .map(([id, factor]) => `WHEN ${Number(id)} THEN ${factor}`)
  .join(' ')} ELSE 1 END`;

/**
 * One bound of the estimated earnings in whole dollars: views / 1,000 × RPM × category factor, in the
 * order estimateEarnings multiplies them (the same doubles, so the same rounding).
 * @example earningsBoundSql('f.monthly_views', 0) // 'round(max(f.monthly_views, 0) / 1000.0 * CASE … END * CASE … END)'
 */
export function earningsBoundSql(views: string, bound: 0 | 1): string {
  return `round(max(${views}, 0) / 1000.0 * (${tierRpmSql(bound)}) * (${CATEGORY_FACTOR_SQL}))`;
}

/** A growth in percent of the figure at the period's start; NULL (ranked last) when that was not above 0. */
function growthSql(total: string, gain: string): string {
  return `CASE WHEN ${total} - ${gain} > 0 THEN ${gain} * 100.0 / (${total} - ${gain}) END`;
}

/** Per channel: the metric's value over f (figures) and c (channels). */
export const CHANNEL_METRIC_SQL: Record<RankingMetricKey, string> = {
  subscriber_count: 'f.subscriber_count',
  view_count: 'f.view_count',
  monthly_views: 'f.monthly_views',
  monthly_subs: 'f.monthly_subs',
  watchtime: 'f.watch_time_minutes',
  earnings: `(${earningsBoundSql('f.monthly_views', 0)} + ${earningsBoundSql('f.monthly_views', 1)})`,
  subs_growth_pct: growthSql('f.subscriber_count', 'f.monthly_subs'),
  views_growth_pct: growthSql('f.view_count', 'f.monthly_views'),
};

/**
 * Per network, over its channels' sums (aliased t, with the columns networkTotalsSql gives): the
 * metric's value. Earnings are the sum of the channels' ranges; a percent is of the sums.
 */
export const NETWORK_METRIC_SQL: Record<RankingMetricKey, string> = {
  subscriber_count: 't.subscriber_count',
  view_count: 't.view_count',
  monthly_views: 't.monthly_views',
  monthly_subs: 't.monthly_subs',
  watchtime: 't.watch_time_minutes',
  earnings: '(t.earnings_low + t.earnings_high)',
  subs_growth_pct: growthSql('t.subscriber_count', 't.monthly_subs'),
  views_growth_pct: growthSql('t.view_count', 't.monthly_views'),
};

/**
 * The order of a ranking over rows carrying `value` (the metric) and the figures: the value, then
 * subscribers, then monthly views, then the older id (`idColumn`). SQLite sorts NULL lowest, so DESC
 * puts a channel without a percentage last.
 * @example rankingOrderSql('r', 'channel_id') // 'r.value DESC, r.subscriber_count DESC, r.monthly_views DESC, r.channel_id'
 */
export function rankingOrderSql(alias: string, idColumn: string): string {
  return `${alias}.value DESC, ${alias}.subscriber_count DESC, ${alias}.monthly_views DESC, ${alias}.${idColumn}`;
}
