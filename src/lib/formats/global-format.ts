// How the global page names periods and shares: month labels, the period select, percent of a total.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The pages' label for period 'now'. */
export const NOW_LABEL = 'Last 30 days';

/**
 * A month ('YYYY-MM' or 'YYYY-MM-DD') as month and two-digit year.
 * @example monthLabel('2026-03-01') // 'Mar 26'
 */
export function monthLabel(month: string): string {
  const index = Number(month.slice(5, 7)) - 1;
  return `${MONTHS[index] ?? month.slice(5, 7)} ${month.slice(2, 4)}`;
}

const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A month ('YYYY-MM' or 'YYYY-MM-DD') in full, as changes name what they compare with.
 * @example longMonthLabel('2026-10') // 'October 2026'
 */
export function longMonthLabel(month: string): string {
  return `${LONG_MONTHS[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

/** What a change of the 30-day period is compared with where that is the 30 days before. */
export const VERSUS_PREVIOUS_30_DAYS = 'vs previous 30 days';

/**
 * The text next to a change: the month it compares with, or the 30 days before.
 * @example versusLabel('2026-10') // 'vs October 2026'
 */
export function versusLabel(previous: string | 'previous-30-days'): string {
  return previous === 'previous-30-days' ? VERSUS_PREVIOUS_30_DAYS : `vs ${longMonthLabel(previous)}`;
}

/**
 * What a figure of a period is compared with on the channel pages and rankings: the month before a
 * month, the 30 days before the last 30 days.
 * @example rankingVersus('2026-03') // 'vs February 2026'; rankingVersus('now') // 'vs previous 30 days'
 */
export function rankingVersus(period: string): string {
  if (period === 'now') return VERSUS_PREVIOUS_30_DAYS;
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  const before = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  return versusLabel(before);
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

/**
 * The map's figure per country for one metric: real countries only ('ZZ', unknown, has no shape), each
 * country once. Zero stays zero: the map leaves it uncoloured, as a logarithmic scale has no place for it.
 * @example mapValues(countries, 'subscribers') // [{ code2: 'US', value: 1200 }, …]
 */
export function mapValues(slices: readonly ShareSlice[], metric: ShareMetric): { code2: string; value: number }[] {
  return slices.filter((s) => /^[A-Z]{2}$/.test(s.key) && s.key !== 'ZZ').map((s) => ({ code2: s.key, value: s[metric] }));
}
