// Where a range's rows come from: whole months from the *_monthly rollups, edge days from the daily grains.
import { addDays, monthEnd, monthOf, monthStart, nextMonth } from '../../lib/time';

export type Grain = 'channel' | 'country' | 'title' | 'title_country';

/**
 * The daily and monthly table of each grain (identifiers come only from here). title_country holds
 * views only (migration 0016): grainFor() picks it for figures by country under a titles filter.
 */
export const GRAIN_TABLES: Record<Grain, { daily: string; monthly: string }> = {
  channel: { daily: 'channel_daily', monthly: 'channel_monthly' },
  country: { daily: 'channel_country_daily', monthly: 'channel_country_monthly' },
  title: { daily: 'channel_title_daily', monthly: 'channel_title_monthly' },
  title_country: { daily: 'channel_title_country_daily', monthly: 'channel_title_country_monthly' },
};

/** A range split for reading: whole months (first and last 'YYYY-MM') and day ranges at the edges. */
export interface RangeParts {
  months: { from: string; to: string } | null;
  days: Array<{ from: string; to: string }>;
}

/**
 * Splits [from, to] into the months it covers wholly and the days outside them, so a year reads
 * 12 monthly rows per channel and key plus at most ~60 edge days.
 * @example splitRange('2026-01-15', '2026-04-10') // months 2026-02..2026-03, days 01-15..01-31 and 04-01..04-10
 */
export function splitRange(from: string, to: string): RangeParts {
  const firstWhole = from === monthStart(monthOf(from)) ? monthOf(from) : nextMonth(monthOf(from));
  const lastWhole = to === monthEnd(monthOf(to)) ? monthOf(to) : previousMonth(monthOf(to));
  if (firstWhole > lastWhole) return { months: null, days: [{ from, to }] };
  const days: RangeParts['days'] = [];
  if (from < monthStart(firstWhole)) days.push({ from, to: addDays(monthStart(firstWhole), -1) });
  if (to > monthEnd(lastWhole)) days.push({ from: addDays(monthEnd(lastWhole), 1), to });
  return { months: { from: firstWhole, to: lastWhole }, days };
}

function previousMonth(month: string): string {
  return monthOf(addDays(monthStart(month), -1));
}

/** Only daily rows: day and week buckets need them. */
export const dailyOnly = (from: string, to: string): RangeParts => ({ months: null, days: [{ from, to }] });

/** Yearly totals kept for grains whose long ranges are read untimed (migration 0011). */
export const YEARLY_TABLES: Partial<Record<Grain, string>> = { country: 'channel_country_yearly' };

export type MonthSpan = { from: string; to: string };

/** Whole months split again: whole years ('YYYY') and the months at either edge. */
export interface MonthParts {
  years: { from: string; to: string } | null;
  months: MonthSpan[];
}

const shiftYear = (year: string, by: number) => String(Number(year) + by).padStart(4, '0');

/**
 * Splits whole months [from, to] into the years they cover wholly and the months outside them, so a
 * lifetime reads one row per channel, key and year.
 * @example splitMonths('2024-11', '2026-10') // years 2025..2025, months 2024-11..2024-12 and 2026-01..2026-10
 */
export function splitMonths(from: string, to: string): MonthParts {
  const firstWhole = from.endsWith('-01') ? from.slice(0, 4) : shiftYear(from.slice(0, 4), 1);
  const lastWhole = to.endsWith('-12') ? to.slice(0, 4) : shiftYear(to.slice(0, 4), -1);
  if (firstWhole > lastWhole) return { years: null, months: [{ from, to }] };
  const months: MonthSpan[] = [];
  if (from < `${firstWhole}-01`) months.push({ from, to: `${from.slice(0, 4)}-12` });
  if (to > `${lastWhole}-12`) months.push({ from: `${to.slice(0, 4)}-01`, to });
  return { years: { from: firstWhole, to: lastWhole }, months };
}
