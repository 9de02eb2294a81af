// Chart buckets of a range (days, Monday weeks, calendar months) and filling empty ones with zero.
import type { Point } from '../../lib/api/stats';
import { badRequest } from '../http/errors';
import { addDays, daysInclusive, monthEnd, monthOf, monthsInclusive, nextMonth, weekStart } from '../../lib/dates/time';

export type ChartPeriod = 'days' | 'week' | 'month';

/**
 * The most points one chart series may have: every day from 2015-01-01 through 2039 (the dashboard
 * offers day buckets for any range, lifetime included). It bounds the work and the answer before any
 * loop runs; the request's date bounds keep real ranges well inside it.
 */
export const MAX_CHART_BUCKETS = 366 * 25;
/** Months in monthsBetween(): every month of years 0000..9999 would be 120,000; nothing real asks past this. */
export const MAX_MONTHS_BETWEEN = 12 * 100;

/** One chart bucket: the key the SQL groups by, and the days it covers inside the range. */
export interface Bucket {
  key: string;
  from: string;
  to: string;
}

/**
 * Every bucket of [from, to]; the edge buckets are clipped to the range.
 * Keys: the day, the Monday of the week, or 'YYYY-MM' (what bucketSql() groups by).
 * @example chartBuckets('2026-01-30', '2026-02-02', 'month') // [{ key: '2026-01', from: '2026-01-30', to: '2026-01-31' }, ...]
 */
export function chartBuckets(from: string, to: string, period: ChartPeriod): Bucket[] {
  const count = checkBucketCount(from, to, period);
  const out: Bucket[] = [];
  let start = from;
  // The count bounds the loop too, and the last bucket stops at `to` without stepping past it
  // (a step past 9999-12-31 cannot be written).
  while (out.length < count) {
    const { key, end } = bucketOf(start, period, to);
    out.push({ key, from: start, to: end });
    if (end >= to) break;
    start = addDays(end, 1);
  }
  return out;
}

/**
 * How many buckets [from, to] has at a period, counted without walking the range (0 when to < from).
 * @example bucketCount('2026-03-04', '2026-03-18', 'week') // 3
 */
export function bucketCount(from: string, to: string, period: ChartPeriod): number {
  if (to < from) return 0;
  if (period === 'days') return daysInclusive(from, to);
  if (period === 'week') return Math.floor((daysInclusive(weekStart(from), to) - 1) / 7) + 1;
  return monthsInclusive(monthOf(from), monthOf(to));
}

/**
 * The bucket count of [from, to], or a 400 naming chart_period when it is over MAX_CHART_BUCKETS.
 * @example checkBucketCount('2015-01-01', '5000-12-31', 'days') // throws
 */
export function checkBucketCount(from: string, to: string, period: ChartPeriod): number {
  const count = bucketCount(from, to, period);
  if (!(count <= MAX_CHART_BUCKETS)) {
    throw badRequest(
      `chart_period: ${count} ${period === 'days' ? 'day' : period} buckets is more than ${MAX_CHART_BUCKETS}; choose a shorter range or longer buckets`,
    );
  }
  return count;
}

/** The bucket a day starts, its end clipped to `last`. */
function bucketOf(day: string, period: ChartPeriod, last: string): { key: string; end: string } {
  if (period === 'days') return { key: day, end: day };
  if (period === 'week') {
    const monday = weekStart(day);
    return { key: monday, end: daysInclusive(monday, last) <= 7 ? last : addDays(monday, 6) };
  }
  const month = monthOf(day);
  const end = monthEnd(month);
  return { key: month, end: end < last ? end : last };
}

/**
 * Points for every bucket, 0 where the query returned no row for it.
 * @example fillPoints(buckets, new Map([['2026-01-02', 5]]))
 */
export function fillPoints(buckets: Bucket[], values: Map<string, number>): Point[] {
  return buckets.map((b) => ({ date: b.from, value: values.get(b.key) ?? 0, range: { from: b.from, to: b.to } }));
}

/** Months from one to another, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const count = monthsInclusive(first, last);
  if (!(count <= MAX_MONTHS_BETWEEN)) throw new RangeError(`${count} months from ${first} to ${last}`);
  const out: string[] = [];
  for (let m = first; m <= last && out.length < count; m = nextMonth(m)) out.push(m);
  return out;
}
