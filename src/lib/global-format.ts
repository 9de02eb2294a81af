// How the global page names periods and shares: month labels, the period select, percent of a total.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The spec's label for period 'now'. */
export const NOW_LABEL = 'Last 30 days';

/**
 * A month ('YYYY-MM' or 'YYYY-MM-DD') as month and two-digit year.
 * @example monthLabel('2026-03-01') // 'Mar 26'
 */
export function monthLabel(month: string): string {
  const index = Number(month.slice(5, 7)) - 1;
  return `${MONTHS[index] ?? month.slice(5, 7)} ${month.slice(2, 4)}`;
}

/** A period key as the filters show it. */
export function periodLabel(period: string): string {
  return period === 'now' ? NOW_LABEL : monthLabel(period);
}

/**
 * Each value's share of their sum in percent (0 when the sum is not positive).
 * @example shares([1, 3]) // [25, 75]
 */
export function shares(values: readonly number[]): number[] {
  const sum = values.reduce((s, v) => s + Math.max(v, 0), 0);
  return values.map((v) => (sum > 0 ? (Math.max(v, 0) / sum) * 100 : 0));
}

/** Metrics of the pie and its legend. */
export const SHARE_METRICS = [
  { key: 'monthly_views', label: 'Monthly Views' },
  { key: 'watchtime', label: 'Watchtime' },
  { key: 'monthly_subs', label: 'Monthly Subs' },
  { key: 'subscribers', label: 'Subscribers' },
] as const;
export type ShareMetric = (typeof SHARE_METRICS)[number]['key'];

/** One slice of the pie: a country or category with the four metrics (watchtime in minutes). */
export interface ShareSlice {
  key: string;
  name: string;
  monthly_views: number;
  watchtime: number;
  monthly_subs: number;
  subscribers: number;
}

/** The pie's legend shows this many slices; the rest are summed into "Other". */
export const LEGEND_TOP = 5;

/**
 * The top slices by a metric and the rest as "Other" (left out when nothing remains).
 * @example topSlices(rows, 'watchtime') // [{ name: 'US', value: 600 }, ..., { name: 'Other', value: 90 }]
 */
export function topSlices(slices: readonly ShareSlice[], metric: ShareMetric, top = LEGEND_TOP): { name: string; value: number }[] {
  const sorted = [...slices].sort((a, b) => b[metric] - a[metric]);
  const head = sorted.slice(0, top).map((s) => ({ name: s.name, value: s[metric] }));
  const rest = sorted.slice(top).reduce((sum, s) => sum + s[metric], 0);
  return rest > 0 ? [...head, { name: 'Other', value: rest }] : head;
}
