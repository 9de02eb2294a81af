// A channel's subscribers and total views projected 30, 90 and 365 days out from its daily public counters:
// a straight line fitted to the last FIT_DAYS days (least squares), with a range that continues the slowest
// and the fastest 30-day growth seen in those days. Plain and explainable, like the projections visitors of
// channel statistics sites know; it says where the recent trend leads, not what will happen.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** Days of history the line is fitted to. */
export const FIT_DAYS = 90;
/** The stretch whose growth bounds the range. */
export const STRETCH_DAYS = 30;
/** Fewer snapshots, or a shorter span, than this and nothing is projected: too little to fit a trend to. */
export const MIN_POINTS = 14;
export const HORIZONS = [30, 90, 365] as const;
export type Horizon = (typeof HORIZONS)[number];

export interface CounterPoint {
  /** 'YYYY-MM-DD'. */
  readonly day: string;
  readonly value: number;
}

export interface ProjectedValue {
  readonly horizon: Horizon;
  /** The day projected to, 'YYYY-MM-DD'. */
  readonly day: string;
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

export interface CounterProjection {
  /** The last counter the projection starts from. */
  readonly from: CounterPoint;
  /** The fitted line's growth per day. */
  readonly perDay: number;
  /** The days the line was fitted to (first and last) and how many snapshots. */
  readonly fit: { readonly first: string; readonly last: string; readonly points: number };
  readonly values: ProjectedValue[];
}

const dayNumber = (day: string) => dayjs.utc(day).diff(dayjs.utc('1970-01-01'), 'day');
const dayAfter = (day: string, days: number) => dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');

/** The least squares slope of value on day number: the trend's growth per day. */
function fittedSlope(points: ReadonlyArray<{ t: number; value: number }>): number {
  const n = points.length;
  const meanT = points.reduce((s, p) => s + p.t, 0) / n;
  const meanV = points.reduce((s, p) => s + p.value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.t - meanT) * (p.value - meanV);
    sxx += (p.t - meanT) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

/** Growth per day of every STRETCH_DAYS stretch between two snapshots of the fit (a snapshot and the latest one at least that far before it). */
function stretchRates(points: ReadonlyArray<{ t: number; value: number }>): number[] {
  const rates: number[] = [];
  let start = 0;
  for (const end of points) {
    while (start + 1 < points.length && end.t - points[start + 1]!.t >= STRETCH_DAYS) start++;
    const begin = points[start]!;
    if (end.t - begin.t >= STRETCH_DAYS) rates.push((end.value - begin.value) / (end.t - begin.t));
  }
  return rates;
}

/**
 * The projection of one counter from its daily snapshots (any order, gaps allowed), or null when the last
 * FIT_DAYS hold fewer than MIN_POINTS snapshots or span fewer than MIN_POINTS days. `floor` keeps every value
 * at or above it (0 for subscribers; the last count for total views, which never go down).
 * @example projectCounter(points, { floorAtLast: true })?.values[0] // { horizon: 30, day: '2026-12-27', value: 1_250_000, low: …, high: … }
 */
export function projectCounter(points: readonly CounterPoint[], options: { floorAtLast: boolean }): CounterProjection | null {
  const sorted = [...points].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const last = sorted[sorted.length - 1];
  if (!last) return null;
  const lastT = dayNumber(last.day);
  const fit = sorted.map((p) => ({ t: dayNumber(p.day), value: p.value, day: p.day })).filter((p) => p.t > lastT - FIT_DAYS);
  const first = fit[0]!;
  if (fit.length < MIN_POINTS || lastT - first.t < MIN_POINTS) return null;
  const slope = fittedSlope(fit);
  const rates = stretchRates(fit);
  // The latest count carried forward at the fitted pace (the line's slope, started from the count itself,
  // so the projection never begins off the figure the page shows).
  const start = last.value;
  const floor = options.floorAtLast ? start : 0;
  const slowest = Math.min(slope, ...rates);
  const fastest = Math.max(slope, ...rates);
  const values = HORIZONS.map((horizon) => {
    const value = Math.max(floor, Math.round(start + slope * horizon));
    return {
      horizon,
      day: dayAfter(last.day, horizon),
      value,
      low: Math.min(value, Math.max(floor, Math.round(start + slowest * horizon))),
      high: Math.max(value, Math.round(start + fastest * horizon)),
    };
  });
  return {
    from: { day: last.day, value: last.value },
    perDay: slope,
    fit: { first: first.day, last: last.day, points: fit.length },
    values,
  };
}
