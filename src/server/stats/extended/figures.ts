// The analytics row's figures from one row of summed stored columns: ratios of sums, money converted once, changes in percent.
import {
  ANALYTICS_FIELDS,
  type AnalyticsChanges,
  type AnalyticsFigures,
  type AnalyticsOrder,
  type AnalyticsSortColumn,
} from '../../../lib/api/analytics';
import { microsToDollars } from '../metrics';
import { SECONDS_PER_MINUTE } from '../../../lib/dates/time';

/** Rates are per this many views (RPM and the subscriber rates). */
export const PER_VIEWS = 1_000;
const PERCENT = 100;

/** The stored sums of one row; null where the grain cannot answer (reach and videos by country). */
export interface AnalyticsSums {
  views: number;
  watchTimeMinutes: number;
  subscribersGained: number;
  subscribersLost: number;
  revenueMicros: number;
  impressions: number | null;
  impressionClicks: number | null;
  videoCount: number | null;
}

const ratio = (top: number | null, bottom: number | null): number | null =>
  top === null || bottom === null || bottom === 0 ? null : top / bottom;
const round = (value: number | null, decimals: number): number | null =>
  value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals;
const dollars = (micros: number | null): number | null => (micros === null ? null : microsToDollars(micros));

/** The figures that are whole counts already: the same exact and as answered. */
const counts = (s: AnalyticsSums) => ({
  views: s.views,
  video_count: s.videoCount,
  subscribers_gained: s.subscribersGained,
  subscribers_lost: s.subscribersLost,
  subscribers: s.subscribersGained - s.subscribersLost,
});

/** The figures unrounded (money in micro-USD): changes are taken from these, not from rounded figures. */
function exactFigures(s: AnalyticsSums): Record<keyof AnalyticsFigures, number | null> {
  const perViews = (value: number) => ratio(value * PER_VIEWS, s.views);
  return {
    ...counts(s),
    partner_revenue: s.revenueMicros,
    rpm: perViews(s.revenueMicros),
    impressions_ctr: ratio(s.impressionClicks === null ? null : s.impressionClicks * PERCENT, s.impressions),
    average_view_duration_seconds: ratio(s.watchTimeMinutes * SECONDS_PER_MINUTE, s.views),
    revenue_per_video: ratio(s.revenueMicros, s.videoCount),
    views_per_video: ratio(s.views, s.videoCount),
    subs_gained_rate: perViews(s.subscribersGained),
    subs_lost_rate: perViews(s.subscribersLost),
  };
}

/**
 * A row's figures as the API answers them: money in dollars (cents), CTR and rates with 2 decimals,
 * average view duration in whole seconds; null where a divisor is 0.
 * @example analyticsFigures({ views: 2000, watchTimeMinutes: 100, subscribersGained: 10, subscribersLost: 2, revenueMicros: 5_000_000, impressions: 400, impressionClicks: 20, videoCount: 4 })
 * // { views: 2000, rpm: 2.5, impressions_ctr: 5, average_view_duration_seconds: 3, revenue_per_video: 1.25, subs_gained_rate: 5, … }
 */
export function analyticsFigures(s: AnalyticsSums): AnalyticsFigures {
  const f = exactFigures(s);
  return {
    ...counts(s),
    partner_revenue: microsToDollars(s.revenueMicros),
    rpm: dollars(f.rpm),
    impressions_ctr: round(f.impressions_ctr, 2),
    average_view_duration_seconds: round(f.average_view_duration_seconds, 0),
    revenue_per_video: dollars(f.revenue_per_video),
    views_per_video: round(f.views_per_video, 2),
    subs_gained_rate: round(f.subs_gained_rate, 2),
    subs_lost_rate: round(f.subs_lost_rate, 2),
  };
}

/**
 * Percent change of every figure from the comparison's sums to the range's (2 decimals); null where the
 * comparison's figure is 0 or missing, or the range's is missing.
 * @example analyticsChanges(sums, { ...sums, views: sums.views / 2 }).views // 100
 */
export function analyticsChanges(current: AnalyticsSums, base: AnalyticsSums): AnalyticsChanges {
  const now = exactFigures(current);
  const before = exactFigures(base);
  const changes = {} as AnalyticsChanges;
  for (const field of ANALYTICS_FIELDS) {
    const [a, b] = [now[field], before[field]];
    changes[field] = a === null || b === null || b === 0 ? null : round(((a - b) / Math.abs(b)) * PERCENT, 2);
  }
  return changes;
}

/**
 * Sorts rows by a column: figures numerically, labels by locale; missing figures (null) last either
 * way, ties by label so a page is stable.
 * @example sortRows(rows, 'rpm', 'desc')
 */
export function sortRows<R extends AnalyticsFigures & { title: string }>(rows: R[], sort: AnalyticsSortColumn, order: AnalyticsOrder): R[] {
  const sign = order === 'asc' ? 1 : -1;
  const byTitle = (a: R, b: R) => a.title.localeCompare(b.title);
  return [...rows].sort((a, b) => {
    if (sort === 'title') return sign * byTitle(a, b);
    const [x, y] = [a[sort], b[sort]];
    if (x === null || y === null) return x === y ? byTitle(a, b) : x === null ? 1 : -1;
    return x === y ? byTitle(a, b) : sign * (x - y);
  });
}
