// Months of a statement: which are over, and the months a draft looks back over for late finance.
import { monthOf, nextMonth } from '../dates/time';

/**
 * How many months before a statement's own a draft looks for finance that changed or arrived late. YouTube
 * books later changes as adjustment rows of the month they arrive in (lines of that month); this catches a
 * statement file reloaded with different figures, which YouTube keeps for about two months.
 */
export const LOOKBACK_MONTHS = 12;

/** Months from `first` to `last`, both included, ascending. */
export function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

/** The month `n` months before `month`. */
export function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Whether a month is over on `today` (YYYY-MM-DD): only an ended month's finance can be final. */
export const monthIsOver = (month: string, today: string): boolean => month < monthOf(today);
