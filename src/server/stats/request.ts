// Turns a validated stats request into what the queries need: scope, resolved range, chart period, comparison.
import { raw } from '../db/sql';
import { first } from '../db/query';
import type { SessionUser } from '../auth/session-user';
import { badRequest } from '../errors';
import { bucketCount, checkBucketCount, type ChartPeriod, MAX_CHART_BUCKETS } from './buckets';
import { daysInclusive, monthEnd, monthOf, monthStart, todayUtc } from '../../lib/time';
import { type Scope, scopeCte, scopeFor, type StatFilters } from './filters';
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
   * What untimed sums read: the range, or for a lifetime the whole months around it. The scope has no
   * facts outside its first..last day, so the sums are the same, and whole months read no daily rows.
   */
  sumRange: DayRange;
}

/** The request's filters in the compiler's terms ('all' video types = no filter). */
export function filtersOf(input: Pick<StatFiltersInput, 'channels' | 'titles' | 'countries' | 'type_video'>): StatFilters {
  return {
    channels: input.channels,
    titles: input.titles,
    countries: input.countries,
    typeVideo: input.type_video && input.type_video !== 'all' ? input.type_video : undefined,
  };
}

/**
 * The first and last day with facts among the scope's channels (each a primary-key seek per channel),
 * or null when they have none.
 */
export async function factBounds(db: D1Database, scope: Scope): Promise<DayRange | null> {
  const cte = scopeCte(scope);
  const row = await first<{ first_day: string | null; last_day: string | null }>(
    db,
    raw(
      `${cte.sql}
    SELECT min(first_day) AS first_day, max(last_day) AS last_day FROM (SELECT
      (SELECT day FROM channel_daily d WHERE d.channel_id = s.channel_id ORDER BY day LIMIT 1) AS first_day,
      (SELECT day FROM channel_daily d WHERE d.channel_id = s.channel_id ORDER BY day DESC LIMIT 1) AS last_day
    FROM scope s)`,
      ...cte.params,
    ),
    'sql',
  );
  return row?.first_day && row.last_day ? { from: row.first_day, to: row.last_day } : null;
}

export interface ResolveOptions {
  excludeInhouse?: boolean;
  /** Today (UTC) for the dates' upper bound; the current day unless a test pins it. */
  today?: string;
}

/**
 * Checks the dates against today, resolves lifetime (no dates) to the scope's first..last fact day,
 * picks the default chart period and checks the chosen one fits the range.
 * @example const request = await resolveRequest(db, c.var.user, body)
 */
export async function resolveRequest(
  db: D1Database,
  user: SessionUser,
  input: StatFiltersInput,
  options: ResolveOptions = {},
): Promise<StatRequest> {
  const today = options.today ?? todayUtc();
  checkDateBounds(input, today);
  const scope = scopeFor(user, filtersOf(input), { excludeInhouse: options.excludeInhouse });
  const { date_from: from, date_to: to } = input;
  const lifetime = !from || !to;
  const range = from && to ? { from, to } : ((await factBounds(db, scope)) ?? { from: today, to: today });
  const period = choosePeriod(input.chart_period, range, lifetime);
  const compare = lifetime ? null : clipComparison(input.compare_from, input.compare_to);
  const sumRange = lifetime ? { from: monthStart(monthOf(range.from)), to: monthEnd(monthOf(range.to)) } : range;
  return { scope, range, period, compare, lifetime, sumRange };
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
