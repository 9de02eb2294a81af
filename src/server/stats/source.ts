// Where a range's rows come from: whole months from the *_monthly rollups, edge days from the daily grains.
import { addDays, monthEnd, monthOf, monthStart, nextMonth } from '../../lib/dates/time';

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

/**
 * Yearly totals kept for grains whose long ranges are read untimed (migrations 0011 and 0020): the
 * sums of their monthly rows, earnings included.
 */
export const YEARLY_TABLES: Partial<Record<Grain, string>> = { country: 'channel_country_yearly', title: 'channel_title_yearly' };

/**
 * Grains whose monthly rows carry their share of the month's finance statement (statement_share_micros)
 * and whose yearly rows their earnings (earnings_micros, statement_share_micros): migration 0020.
 */
export const SHARE_GRAINS: ReadonlySet<Grain> = new Set<Grain>(['country', 'title']);

/**
 * Grains whose days older than YouTube's backfill window are folded into their months (migration 0027,
 * ingest/retention/title-fold.ts): a month in title_folds has its monthly rows and no days.
 */
export const FOLDED_GRAINS: ReadonlySet<Grain> = new Set<Grain>(['title_country']);

/**
 * The condition a daily read of a grain adds so that it never counts a day of a folded month: such a
 * month's days are gone, or written back by a replay that its monthly row already holds.
 */
export function heldDays(grain: Grain): string {
  if (!FOLDED_GRAINS.has(grain)) return '';
  const table = GRAIN_TABLES[grain].daily;
  return ` AND NOT EXISTS (SELECT 1 FROM title_folds AS f WHERE f.channel_id = ${table}.channel_id AND f.month = substr(${table}.day, 1, 7))`;
}

/** The table of a grain's rows at one source (undefined: the grain has no yearly totals). */
export function grainTable(grain: Grain, source: 'daily' | 'monthly' | 'yearly'): string | undefined {
  return source === 'yearly' ? YEARLY_TABLES[grain] : GRAIN_TABLES[grain][source];
}
