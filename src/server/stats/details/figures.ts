// A details row's figures from its summed stored columns: money converted once, ratios from the sums.
import type { DetailsTopField, DetailTotals } from '../../../lib/api/details';
import { microsToDollars, type MetricName } from '../metrics';
import type { StatRow } from '../runner';

/** What a table reads per row: every figure of DetailTotals comes from these sums. */
export const DETAIL_METRICS = [
  'partner_revenue',
  'partner_revenue_finance',
  'views',
  'subscribers',
  'watch_time',
  'likes',
  'comments',
] as const satisfies readonly MetricName[];

/** A row's sums as SQL gives them: money in micro-USD, watch time in minutes. */
export interface DetailSums {
  partner_revenue: number;
  partner_revenue_finance: number;
  views: number;
  subscribers: number;
  watch_time: number;
  likes: number;
  comments: number;
}

const PER_THOUSAND = 1000;
const SECONDS_PER_MINUTE = 60;

/** The sums of one answer row. */
export function sumsOf(row: StatRow): DetailSums {
  const value = (m: keyof DetailSums) => Number(row[m] ?? 0);
  return {
    partner_revenue: value('partner_revenue'),
    partner_revenue_finance: value('partner_revenue_finance'),
    views: value('views'),
    subscribers: value('subscribers'),
    watch_time: value('watch_time'),
    likes: value('likes'),
    comments: value('comments'),
  };
}

/** Sums added column by column (the totals row, merged UGC channels, the map's Other slice). */
export function addSums(a: DetailSums, b: DetailSums): DetailSums {
  return {
    partner_revenue: a.partner_revenue + b.partner_revenue,
    partner_revenue_finance: a.partner_revenue_finance + b.partner_revenue_finance,
    views: a.views + b.views,
    subscribers: a.subscribers + b.subscribers,
    watch_time: a.watch_time + b.watch_time,
    likes: a.likes + b.likes,
    comments: a.comments + b.comments,
  };
}

export const ZERO_SUMS: DetailSums = sumsOf({});

/** The stored value a top field ranks and shares by (money in micros, so shares are exact). */
export const topValue = (sums: DetailSums, top: DetailsTopField): number => sums[top];

/** Percent with 2 decimals; null when the whole is 0. */
export const shareOf = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100);

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The answered figures of a row or the totals. RPM: dollars per 1,000 views; SVR: net subscribers per
 * 1,000 views (2 decimals); AVD: whole seconds, as the engagement card rounds it; all null without views.
 * @example figuresOf(sums, totalOfTopField, 'views')
 */
export function figuresOf(sums: DetailSums, topTotal: number, top: DetailsTopField): DetailTotals {
  const { views } = sums;
  return {
    subscribers: sums.subscribers,
    views,
    partner_revenue: microsToDollars(sums.partner_revenue),
    finance: microsToDollars(sums.partner_revenue_finance),
    likes: sums.likes,
    comments: sums.comments,
    rpm: views > 0 ? microsToDollars((sums.partner_revenue * PER_THOUSAND) / views) : null,
    svr: views > 0 ? round2((sums.subscribers * PER_THOUSAND) / views) : null,
    average_view_duration_seconds: views > 0 ? Math.round((sums.watch_time * SECONDS_PER_MINUTE) / views) : null,
    percent: shareOf(topValue(sums, top), topTotal),
  };
}
