// "As of" lines: every block of public figures says which day (or month) its figures are from, taken from
// the data (a snapshot day, the newest day held), never from the clock.
import { partialMonth } from '../dates/partial-month';
import { longMonthLabel } from '../formats/global-format';

const AS_OF = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A snapshot day as the pages write it.
 * @example formatAsOf('2026-11-26') // '26 Nov 2026'
 */
export function formatAsOf(day: string): string {
  return AS_OF.format(new Date(`${day}T00:00:00Z`));
}

/** One "as of" line: words before the time, the time (machine value and text) and words after it. */
export interface AsOfLine {
  before: string;
  /** A 'YYYY-MM-DD' day or a 'YYYY-MM' month, for <time datetime>. */
  datetime: string;
  text: string;
  after: string;
}

/**
 * The line for figures of a period. 'now' (or a block of daily figures): as of the snapshot day given.
 * A month: whether it is complete, decided by the newest snapshot day held (`day`): the month still
 * being counted is "so far" (src/lib/dates/partial-month.ts). Null when there is no day to give.
 * @example asOfLine('now', '2026-11-26') // Figures as of 26 Nov 2026 (UTC)
 * @example asOfLine('2026-10', '2026-11-26') // Figures for October 2026, a complete month
 * @example asOfLine('2026-11', '2026-11-26') // Figures for November 2026 so far (26 days), to 26 Nov 2026 (UTC)
 */
export function asOfLine(period: string, day: string | null, subject = 'Figures'): AsOfLine | null {
  if (period === 'now') return day ? { before: `${subject} as of `, datetime: day, text: formatAsOf(day), after: ' (UTC)' } : null;
  const month = period.slice(0, 7);
  const partial = partialMonth(day);
  if (partial && partial.month === month && day) {
    return { before: `${subject} for `, datetime: month, text: partial.label, after: `, to ${formatAsOf(day)} (UTC)` };
  }
  return { before: `${subject} for `, datetime: month, text: longMonthLabel(month), after: ', a complete month' };
}
