// The month still being counted: monthly charts draw it apart (dashed, lighter) and name it "so far",
// because a month with 22 of its days is not a fall against a full one.
import { longMonthLabel, monthLabel } from '../formats/global-format';

/** The unfinished month of the figures and how many of its days they hold. */
export interface PartialMonth {
  /** 'YYYY-MM'. */
  month: string;
  days: number;
  /** 'November 2026 so far (22 days)'. */
  label: string;
}

/** Dash pattern of the line into the unfinished month, in pixels (on, off). */
export const PARTIAL_DASH: readonly number[] = [6, 4];
/** Opacity of the unfinished month's point or bar against the full months' colour. */
export const PARTIAL_ALPHA = 0.45;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The month of the newest figures when it has not ended with them; null when the figures reach its last
 * day (or there are none).
 * @example partialMonth('2026-11-22') // { month: '2026-11', days: 22, label: 'November 2026 so far (22 days)' }
 */
export function partialMonth(latestDay: string | null | undefined): PartialMonth | null {
  if (!latestDay || !/^\d{4}-\d{2}-\d{2}$/.test(latestDay)) return null;
  const year = Number(latestDay.slice(0, 4));
  const month = Number(latestDay.slice(5, 7));
  const days = Number(latestDay.slice(8, 10));
  if (days >= daysInMonth(year, month)) return null;
  const key = latestDay.slice(0, 7);
  return { month: key, days, label: `${longMonthLabel(key)} so far (${days} ${days === 1 ? 'day' : 'days'})` };
}

/**
 * A month's axis label, marked when it is the unfinished month.
 * @example monthAxisLabel('2026-11-01', partial) // 'Nov 26 (so far)'
 */
export function monthAxisLabel(month: string, partial: PartialMonth | null): string {
  const label = monthLabel(month);
  return partial && month.slice(0, 7) === partial.month ? `${label} (so far)` : label;
}

/** Whether a series of months (oldest first, 'YYYY-MM…') ends with the unfinished month. */
export function endsPartial(months: readonly string[], partial: PartialMonth | null): boolean {
  const last = months[months.length - 1];
  return partial !== null && last !== undefined && last.slice(0, 7) === partial.month;
}

/**
 * What a card of a period says beside its change when the period is the unfinished month: its part of
 * a month is compared with a whole one. Null for any other period (a complete month, 'now').
 * @example partialPeriodNote('2026-11', partial) // 'November 2026 so far (22 days), against a full month'
 */
export function partialPeriodNote(period: string, partial: PartialMonth | null): string | null {
  return partial !== null && period.slice(0, 7) === partial.month ? `${partial.label}, against a full month` : null;
}
