// What the public rankings rank by (docs/public-stats.md, "Rankings"): one list for /channels, /networks,
// the network page and their compatibility calls. Growth over 30 days or a month is the period's choice
// (`now` or a month); each growth comes absolute (monthly subs, monthly views) and in percent.

/** A ranking metric: its URL key, its label, the table column that shows it, whether networks rank by it. */
export interface RankingMetricInfo {
  key: string;
  label: string;
  column: string;
  /** Networks rank by sums of their channels' public figures; a percent is of the sums. */
  networks: boolean;
}

export const RANKING_METRICS = [
  { key: 'subscriber_count', label: 'Subscribers', column: 'subscribers', networks: true },
  { key: 'view_count', label: 'Total views', column: 'view_count', networks: true },
  { key: 'monthly_views', label: 'Monthly views', column: 'monthly_views', networks: true },
  { key: 'monthly_subs', label: 'Monthly subs', column: 'monthly_subs', networks: true },
  { key: 'watchtime', label: 'Watch time (est.)', column: 'watchtime', networks: true },
  { key: 'earnings', label: 'Earnings (est.)', column: 'earnings', networks: true },
  { key: 'subs_growth_pct', label: 'Subscriber growth %', column: 'subs_growth_pct', networks: true },
  { key: 'views_growth_pct', label: 'View growth %', column: 'views_growth_pct', networks: true },
] as const satisfies readonly RankingMetricInfo[];

export type RankingMetricKey = (typeof RANKING_METRICS)[number]['key'];
export const RANKING_METRIC_KEYS = RANKING_METRICS.map((m) => m.key) as [RankingMetricKey, ...RankingMetricKey[]];

/** Query key of the ranking's metric. */
export const RANKING_METRIC_PARAM = 'metric';
/** /channels ranks by subscribers unless the URL says; /networks and a network's channels by monthly views. */
export const DEFAULT_RANKING_METRIC: RankingMetricKey = 'subscriber_count';
export const DEFAULT_NETWORK_METRIC: RankingMetricKey = 'monthly_views';

/**
 * Whether a value is a metric key.
 * @example isRankingMetric('watchtime') // true
 */
export function isRankingMetric(value: string): value is RankingMetricKey {
  return (RANKING_METRIC_KEYS as readonly string[]).includes(value);
}

/**
 * The metric as read in a title: 'Top channels by monthly views'.
 * @example rankingMetricLabel('view_count') // 'total views'
 */
export function rankingMetricLabel(metric: string): string {
  return (RANKING_METRICS.find((m) => m.key === metric) ?? RANKING_METRICS[0]).label.toLowerCase();
}

/** Rows a ranking page shows (docs/public-stats.md, "Paging"). */
export const RANKING_PAGE_SIZE = 100;
/** Query key of the page number (1 is the first page and left out of links). */
export const RANKING_PAGE_PARAM = 'page';
/** Pages beyond this are refused before any read: 100,000,000 rows, far past any ranking. */
export const MAX_RANKING_PAGE = 1_000_000;

/**
 * A percentage growth over the period: the gain over the figure at the period's start (null when it
 * started at 0 or below, which has no percentage). The rankings' SQL computes the same expression.
 * @example growthPercent(1_000, 200) // 25
 */
export function growthPercent(total: number, gain: number): number | null {
  const base = total - gain;
  return base > 0 ? (gain * 100) / base : null;
}
