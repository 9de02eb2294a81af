// Chart buckets of a range (days, Monday weeks, calendar months) and filling empty ones with zero.
import { addDays, monthEnd, monthOf, nextMonth, weekStart } from './days';

export type ChartPeriod = 'days' | 'week' | 'month';

/** One chart bucket: the key the SQL groups by, and the days it covers inside the range. */
export interface Bucket {
  key: string;
  from: string;
  to: string;
}

/** A chart point as the API answers it. */
export interface Point {
  date: string;
  value: number;
  range: { from: string; to: string };
}

/**
 * Every bucket of [from, to]; the edge buckets are clipped to the range.
 * Keys: the day, the Monday of the week, or 'YYYY-MM' (what bucketSql() groups by).
 * @example chartBuckets('2026-01-30', '2026-02-02', 'month') // [{ key: '2026-01', from: '2026-01-30', to: '2026-01-31' }, ...]
 */
export function chartBuckets(from: string, to: string, period: ChartPeriod): Bucket[] {
  const out: Bucket[] = [];
  let start = from;
  while (start <= to) {
    const { key, end } = bucketOf(start, period);
    const clippedEnd = end < to ? end : to;
    out.push({ key, from: start, to: clippedEnd });
    start = addDays(clippedEnd, 1);
  }
  return out;
}

function bucketOf(day: string, period: ChartPeriod): { key: string; end: string } {
  if (period === 'days') return { key: day, end: day };
  if (period === 'week') {
    const monday = weekStart(day);
    return { key: monday, end: addDays(monday, 6) };
  }
  const month = monthOf(day);
  return { key: month, end: monthEnd(month) };
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
  const out: string[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) out.push(m);
  return out;
}
