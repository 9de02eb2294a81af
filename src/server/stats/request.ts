// Turns a validated stats request into what the queries need: scope, resolved range, chart period, comparison.
import type { SessionUser } from '../auth/session-user';
import { badRequest } from '../http/errors';
import { bucketCount, checkBucketCount, type ChartPeriod, MAX_CHART_BUCKETS } from './buckets';
import { daysInclusive, monthEnd, monthOf, monthStart, todayUtc } from '../../lib/dates/time';
import { type Scope, scopeFor, type StatFilters } from './filters';
import { FIRST_REPORT_YEAR, LAST_REPORT_YEAR } from '../ingest/parse/values';
import type { DayRange } from './query';
import { chartPeriodProblem, checkDateBounds, MIN_DAY, MIN_DAYS_FOR_MONTH, type StatFiltersInput } from './schema';

/** Ranges shorter than this default to day buckets, longer ones to months (docs/partner-area.md, "Filters": bucket size). */
export const DAILY_CHART_MAX_DAYS = 90;

export interface StatRequest {
  scope: Scope;
  range: DayRange;
  period: ChartPeriod;
  compare: DayRange | null;
  /** True for a lifetime request (no dates sent). */
  lifetime: boolean;
  /**
   * What untimed sums read: the range, or for a lifetime every day a report can hold (whole years):
   * the scope has no facts outside its first..last day, so the sums are the same, and they need no
   * bounds and no daily rows.
   */
  sumRange: DayRange;
  /** Today (UTC): the reads of untimed sums are chosen by it (cover.ts), never the figures. */
  today: string;
  /**
   * A lifetime whose first and last fact day are not read yet: `range` is LIFETIME_SPAN and `period`
   * provisional until settleLifetime() (bounds.ts) reads them in the same batch as the figures.
   */
  pendingBounds: boolean;
  /** The chart period the request asked for, if any (a lifetime's is only checked once settled). */
  askedPeriod: ChartPeriod | undefined;
}

/** Every day a report can hold (values.ts): what a lifetime reads before its bounds are known. */
export const LIFETIME_SPAN: DayRange = { from: `${FIRST_REPORT_YEAR}-01-01`, to: `${LAST_REPORT_YEAR}-12-31` };

/** The request's filters in the compiler's terms ('all' video types = no filter). */
export function filtersOf(input: Pick<StatFiltersInput, 'channels' | 'titles' | 'countries' | 'type_video'>): StatFilters {
  return {
    channels: input.channels,
    titles: input.titles,
    countries: input.countries,
    typeVideo: input.type_video && input.type_video !== 'all' ? input.type_video : undefined,
  };
}

export interface ResolveOptions {
  excludeInhouse?: boolean;
  /** Leave out the UGC channels (the subscribers details). */
  excludeUgc?: boolean;
  /** Today (UTC) for the dates' upper bound; the current day unless a test pins it. */
  today?: string;
}

/**
 * Checks the dates against today, picks the default chart period and checks the chosen one fits the
 * range. A lifetime (no dates) reads no bounds here: its figures read LIFETIME_SPAN, and the calls
 * that draw buckets settle its first..last fact day from the same batch (bounds.ts), so no call pays
 * a round trip for them.
 * @example const request = resolveRequest(c.var.user, body)
 */
export function resolveRequest(user: SessionUser, input: StatFiltersInput, options: ResolveOptions = {}): StatRequest {
  const today = options.today ?? todayUtc();
  checkDateBounds(input, today);
  const scope = scopeFor(user, filtersOf(input), { excludeInhouse: options.excludeInhouse, excludeUgc: options.excludeUgc });
  const { date_from: from, date_to: to } = input;
  const askedPeriod = input.chart_period;
  const common = { scope, today, askedPeriod };
  if (!from || !to) {
    // Provisional until settled: lifetimes are long, so month buckets are the likely default.
    const period = askedPeriod ?? 'month';
    return { ...common, range: LIFETIME_SPAN, period, compare: null, lifetime: true, sumRange: LIFETIME_SPAN, pendingBounds: true };
  }
  const range = { from, to };
  const period = choosePeriod(askedPeriod, range, false);
  const compare = clipComparison(input.compare_from, input.compare_to);
  return { ...common, range, period, compare, lifetime: false, sumRange: range, pendingBounds: false };
}

/**
 * A lifetime with its first and last fact day known (null: no facts, today alone): the range, its
 * chart period (the asked one if it fits, else the default) and the whole months around it.
 */
export function settledLifetime(req: StatRequest, bounds: DayRange | null): StatRequest {
  const range = bounds ?? { from: req.today, to: req.today };
  const period = choosePeriod(req.askedPeriod, range, true);
  const sumRange = { from: monthStart(monthOf(range.from)), to: monthEnd(monthOf(range.to)) };
  return { ...req, range, period, sumRange, pendingBounds: false };
}

/**
 * The comparison range inside what can hold data: the part before MIN_DAY is cut off (its sums are
 * zero there anyway), and a comparison wholly before it is none, so the figures still answer.
 * @example clipComparison('2013-01-01', '2015-12-31') // { from: '2015-01-01', to: '2015-12-31' }
 */
export function clipComparison(from: string | undefined, to: string | undefined): DayRange | null {
  if (!from || !to || to < MIN_DAY) return null;
  return { from: from < MIN_DAY ? MIN_DAY : from, to };
}

/**
 * The asked chart period, or the default; it must fit the range and give at most MAX_CHART_BUCKETS
 * buckets (checked before any query or loop: the answer has one point per bucket and series). A
 * lifetime's length is only known here, so a period that does not fit it falls back instead of failing.
 */
function choosePeriod(asked: ChartPeriod | undefined, range: DayRange, lifetime: boolean): ChartPeriod {
  const days = daysInclusive(range.from, range.to);
  let period = asked ?? defaultPeriod(days);
  const problem = chartPeriodProblem(period, days);
  if (problem && lifetime) period = defaultPeriod(days);
  else if (problem) throw badRequest(`chart_period: ${problem}`);
  if (lifetime && bucketCount(range.from, range.to, period) > MAX_CHART_BUCKETS) period = 'month';
  checkBucketCount(range.from, range.to, period);
  return period;
}

function defaultPeriod(days: number): ChartPeriod {
  return days > DAILY_CHART_MAX_DAYS && days >= MIN_DAYS_FOR_MONTH ? 'month' : 'days';
}
