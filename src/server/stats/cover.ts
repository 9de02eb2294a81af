// How an untimed sum reads a range: the coarsest stored rows (years, months, days), each added or subtracted.
import { addDays, daysInclusive, monthEnd, monthOf, monthsInclusive, monthStart, nextMonth } from '../../lib/dates/time';

export type Source = 'daily' | 'monthly' | 'yearly';

/** Rows of one source over keys from..to ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY'), added (1) or subtracted (-1). */
export interface SignedPart {
  source: Source;
  from: string;
  to: string;
  sign: 1 | -1;
}

export interface CoverOptions {
  /** Whether the grain has yearly totals (migration 0011). */
  yearly: boolean;
  /**
   * No day after this holds rows (today, UTC): reading keys past it costs nothing, so subtracting the
   * rest of the current month or year is cheap. Only the choice depends on it, never the sum.
   */
  horizon: string;
  /**
   * Whether rows may be subtracted. A key read only from subtracted rows answers 0 instead of being
   * absent, so a grouping whose answer lists its keys (top channels or titles) only adds.
   */
  subtract: boolean;
}

interface Cover {
  parts: SignedPart[];
  /** Rows read per channel and key, estimated: one per year or month row, one per day. */
  cost: number;
}

type Span = { from: string; to: string };

const yearEnd = (year: string) => `${year}-12-31`;
const shiftYear = (year: string, n: number) => String(Number(year) + n).padStart(4, '0');
const yearStart = (year: string) => `${year}-01-01`;

/** Rows a day span can hold: its days up to the horizon. */
function dayCost(span: Span, horizon: string): number {
  const to = span.to < horizon ? span.to : horizon;
  return span.from > to ? 0 : daysInclusive(span.from, to);
}

const negate = (parts: SignedPart[]): SignedPart[] => parts.map((p) => ({ ...p, sign: p.sign === 1 ? -1 : 1 }));

/** The parts of a unit outside span (before and after it), each non-empty one. */
function outside(unit: Span, span: Span): Span[] {
  const spans: Span[] = [];
  if (unit.from < span.from) spans.push({ from: unit.from, to: addDays(span.from, -1) });
  if (span.to < unit.to) spans.push({ from: addDays(span.to, 1), to: unit.to });
  return spans;
}

/**
 * A span inside one month: its days, or the month's row minus the month's other days, whichever
 * reads fewer rows (the rest of the current month holds none yet).
 */
function coverInMonth(span: Span, o: CoverOptions): Cover {
  const month = monthOf(span.from);
  const unit = { from: monthStart(month), to: monthEnd(month) };
  const monthRow: SignedPart = { source: 'monthly', from: month, to: month, sign: 1 };
  if (span.from === unit.from && span.to === unit.to) return { parts: [monthRow], cost: unit.from > o.horizon ? 0 : 1 };
  const add: Cover = { parts: [{ source: 'daily', ...span, sign: 1 }], cost: dayCost(span, o.horizon) };
  const rest = outside(unit, span);
  const sub: Cover = {
    parts: [monthRow, ...rest.map((s): SignedPart => ({ source: 'daily', ...s, sign: -1 }))],
    cost: 1 + rest.reduce((sum, s) => sum + dayCost(s, o.horizon), 0),
  };
  return o.subtract && sub.cost < add.cost ? sub : add;
}

/** Whole months first..last read as one part: one row each, none for months after the horizon. */
function wholeMonths(first: string, last: string, o: CoverOptions): Cover {
  const counted = last < monthOf(o.horizon) ? last : monthOf(o.horizon);
  return { parts: [{ source: 'monthly', from: first, to: last, sign: 1 }], cost: counted < first ? 0 : monthsInclusive(first, counted) };
}

/**
 * A span inside one year, month by month: its first and last months (whole or cut) on their own, the
 * months between as one part (the same parts and cost as month by month, without a loop over them).
 */
function coverMonths(span: Span, o: CoverOptions): Cover {
  const edge = (month: string) => {
    const from = span.from > monthStart(month) ? span.from : monthStart(month);
    const to = span.to < monthEnd(month) ? span.to : monthEnd(month);
    return coverInMonth({ from, to }, o);
  };
  const first = monthOf(span.from);
  const last = monthOf(span.to);
  if (first === last) return edge(first);
  const covers = [edge(first)];
  const afterFirst = nextMonth(first);
  const beforeLast = monthOf(addDays(monthStart(last), -1));
  if (afterFirst <= beforeLast) covers.push(wholeMonths(afterFirst, beforeLast, o));
  covers.push(edge(last));
  return { parts: covers.flatMap((c) => c.parts), cost: covers.reduce((sum, c) => sum + c.cost, 0) };
}

/**
 * A span inside one year: its months and edge days, or (with yearly totals) the year's row minus the
 * rest of the year, whichever reads fewer rows. A year's row holds every month of it with data, partial
 * years included, so the year minus what lies outside the span is exact whatever the data's bounds.
 */
function coverInYear(span: Span, o: CoverOptions): Cover {
  const year = span.from.slice(0, 4);
  const unit = { from: yearStart(year), to: yearEnd(year) };
  const yearRow: SignedPart = { source: 'yearly', from: year, to: year, sign: 1 };
  const whole = span.from === unit.from && span.to === unit.to;
  if (whole && o.yearly) return { parts: [yearRow], cost: unit.from > o.horizon ? 0 : 1 };
  const add = coverMonths(span, o);
  if (!o.yearly || !o.subtract) return add;
  const rest = outside(unit, span).map((s) => coverMonths(s, o));
  const sub: Cover = {
    parts: [yearRow, ...rest.flatMap((c) => negate(c.parts))],
    cost: 1 + rest.reduce((sum, c) => sum + c.cost, 0),
  };
  return sub.cost < add.cost ? sub : add;
}

/** Joins parts of the same source and sign whose keys follow each other (one BETWEEN each). */
function merge(parts: SignedPart[]): SignedPart[] {
  const next: Record<Source, (key: string) => string> = {
    daily: (day) => addDays(day, 1),
    monthly: nextMonth,
    yearly: (year) => shiftYear(year, 1),
  };
  const merged: SignedPart[] = [];
  // Plain code-unit order (keys are ASCII): localeCompare costs milliseconds over a lifetime's parts.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const sorted = [...parts].sort((a, b) => order(a.source, b.source) || a.sign - b.sign || order(a.from, b.from));
  for (const part of sorted) {
    const last = merged.at(-1);
    if (last && last.source === part.source && last.sign === part.sign && next[part.source](last.to) === part.from) last.to = part.to;
    else merged.push({ ...part });
  }
  return merged;
}

/**
 * The parts that sum exactly to [from, to]: whole years from the yearly totals, a partial year as its
 * row minus the months and days outside the range when that reads less (a lifetime, or a range reaching
 * the latest data, reads the current year's row and subtracts only empty months), whole months from the
 * monthly rollup, and days only at the edges. Needs monthly = Σ daily and yearly = Σ monthly per key,
 * which the rollups (refreshed per channel and month) and the yearly triggers keep.
 * @example coverRange('2025-11-22', '2026-11-21', { yearly: true, subtract: true, horizon: '2026-11-23' })
 * // 2025-11-22..30 days + 2025-12 month + year 2026 − 2026-11-22..30 days − 2026-12 month
 */
export function coverRange(from: string, to: string, options: CoverOptions): SignedPart[] {
  const within = (year: string) =>
    coverInYear({ from: from > yearStart(year) ? from : yearStart(year), to: to < yearEnd(year) ? to : yearEnd(year) }, options);
  const firstYear = from.slice(0, 4);
  const lastYear = to.slice(0, 4);
  if (firstYear === lastYear) return merge(within(firstYear).parts);
  // The years between are whole: one part (their yearly rows, or their months), without a loop over them.
  const afterFirst = shiftYear(firstYear, 1);
  const beforeLast = shiftYear(lastYear, -1);
  const between: SignedPart[] =
    afterFirst > beforeLast
      ? []
      : options.yearly
        ? [{ source: 'yearly', from: afterFirst, to: beforeLast, sign: 1 }]
        : [{ source: 'monthly', from: `${afterFirst}-01`, to: `${beforeLast}-12`, sign: 1 }];
  return merge([...within(firstYear).parts, ...between, ...within(lastYear).parts]);
}
