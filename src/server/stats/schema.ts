// The one validated stats request (docs/stats.md, "The query model"): dates, lists, video type, chart period, comparison.
import * as z from 'zod';
import { badRequest } from '../http/errors';
import { addDays, daysInclusive, isRealDay } from '../../lib/dates/time';
import { BREAKDOWN_METRICS } from './metrics';

/** The earliest day a range may start: no figures exist before it (docs/stats.md, "The query model"). */
export const MIN_DAY = '2015-01-01';
/**
 * How far past today (UTC) a date may reach: a browser's today runs up to 14 hours ahead of UTC, and
 * a request may cross midnight. No data exists there; the bound keeps ranges real.
 */
export const DAYS_AFTER_TODAY = 2;
/** Items per list: lists travel as one JSON parameter, so this bounds its size, not D1's 100 parameters. */
export const MAX_LIST_ITEMS = 2_000;
/** Week buckets need at least this many days in the range, month buckets at least MIN_DAYS_FOR_MONTH. */
export const MIN_DAYS_FOR_WEEK = 15;
export const MIN_DAYS_FOR_MONTH = 60;

const realDay = z.string().refine(isRealDay, 'must be a real date as YYYY-MM-DD');
const day = realDay.refine((d) => d >= MIN_DAY, `must not be before ${MIN_DAY}`);
/**
 * A comparison may reach before MIN_DAY (the year before a range starting in 2015): no data exists
 * there, so resolveRequest clips it instead of failing the request's own figures.
 */
const compareDay = realDay;
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_LIST_ITEMS, `at most ${MAX_LIST_ITEMS} items`);
/** A channel of a filter: its YouTube id, or the UGC pseudo-channel. */
export const channelKey = z.string().regex(/^(UC[A-Za-z0-9_-]{22}|ugc)$/, "must be a YouTube channel id (UC…) or 'ugc'");
const titleId = z.number().int().positive();
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be an ISO alpha-2 code')
  .transform((c) => c.toUpperCase());

/** Channels and titles: the filters of the dates and forecast calls. */
export const channelTitleSchema = z.object({ channels: list(channelKey).optional(), titles: list(titleId).optional() });

/** The fields of the common filter body, for calls that extend it (refine with checkFilters). */
export const filterFields = z.object({
  date_from: day.optional(),
  date_to: day.optional(),
  channels: list(channelKey).optional(),
  titles: list(titleId).optional(),
  countries: list(country).optional(),
  type_video: z.enum(['all', 'full', 'short', 'live']).optional(),
  chart_period: z.enum(['days', 'week', 'month']).optional(),
  compare_from: compareDay.optional(),
  compare_to: compareDay.optional(),
});

export type FilterFields = z.infer<typeof filterFields>;

/** The checks across the filter fields: ranges in pairs and in order, no titles or video type with countries. */
export function checkFilters<T extends FilterFields>(value: T, ctx: z.core.$RefinementCtx<T>): void {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  for (const [from, to] of [
    ['date_from', 'date_to'],
    ['compare_from', 'compare_to'],
  ] as const) {
    if (value[from] && !value[to]) issue(to, `required with ${from}`);
    else if (value[to] && !value[from]) issue(from, `required with ${to}`);
    else if (value[from] && value[to] && value[from] > value[to]) issue(to, `must not be before ${from}`);
  }
  if (value.compare_from && !value.date_from) issue('date_from', 'required with a comparison period');
  const countries = (value.countries?.length ?? 0) > 0;
  if (countries && (value.titles?.length ?? 0) > 0) {
    issue('titles', 'cannot be combined with countries; choose one of the two filters.');
  }
  if (countries && value.type_video && value.type_video !== 'all') {
    issue('type_video', 'cannot be combined with countries; choose one of the two filters.');
  }
  if (value.date_from && value.date_to && value.chart_period) {
    const message = chartPeriodProblem(value.chart_period, daysInclusive(value.date_from, value.date_to));
    if (message) issue('chart_period', message);
  }
}

/** Why a chart period does not fit a range of that many days, or null when it does. */
export function chartPeriodProblem(period: 'days' | 'week' | 'month', days: number): string | null {
  if (period === 'week' && days < MIN_DAYS_FOR_WEEK) return `week needs a range of at least ${MIN_DAYS_FOR_WEEK} days`;
  if (period === 'month' && days < MIN_DAYS_FOR_MONTH) return `month needs a range of at least ${MIN_DAYS_FOR_MONTH} days`;
  return null;
}

/** The last day a request may name on a given day (UTC). */
export const latestRequestDay = (today: string): string => addDays(today, DAYS_AFTER_TODAY);

const DATE_FIELDS = ['date_from', 'date_to', 'compare_from', 'compare_to'] as const;

/**
 * Throws a 400 naming the first date after latestRequestDay(today); the schema has already refused
 * anything not a real day, and range dates before MIN_DAY (comparison dates are clipped later).
 * @example checkDateBounds({ date_from: '2026-01-01', date_to: '9999-12-31' }, '2026-11-22') // throws 'date_to: …'
 */
export function checkDateBounds(input: Partial<Record<(typeof DATE_FIELDS)[number], string>>, today: string): void {
  const latest = latestRequestDay(today);
  for (const field of DATE_FIELDS) {
    const value = input[field];
    if (value !== undefined && value > latest) throw badRequest(`${field}: must be between ${MIN_DAY} and ${latest}`);
  }
}

/** The common filter body of the stat calls. */
export const statFiltersSchema = filterFields.superRefine(checkFilters);
export type StatFiltersInput = z.infer<typeof statFiltersSchema>;

/** A breakdown: the filters plus the grouping (POST /api/stat/{metric}). */
export const breakdownSchema = filterFields.extend({ group: z.enum(['channels', 'titles']).default('channels') }).superRefine(checkFilters);
export type BreakdownInput = z.infer<typeof breakdownSchema>;

export const breakdownMetricSchema = z.enum(BREAKDOWN_METRICS);
