// Changes of public figures against the previous period: one rule for every public page and call.
import { formatNumber } from '../formats/stat-format';

/**
 * Percent change of a public figure, rounded to 2 decimals; null when there is no base to take a percent
 * of: no previous figure, or one that is 0 or below. A percent of a negative base reads backwards
 * (monthly subs −3,000 → −2,000 is a rise of 1,000, not "+33.33%"), so such a change is given as its
 * absolute difference instead (absoluteChange).
 * @example publicPercentChange(150, 100) // 50; publicPercentChange(-2000, -3000) // null
 */
export function publicPercentChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || !(previous > 0)) return null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}

/**
 * The difference of two figures; null when either is missing.
 * @example absoluteChange(-2000, -3000) // 1000
 */
export function absoluteChange(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  return current - previous;
}

/**
 * An absolute change as shown beside a figure: +1,000, −250 (minus sign), 0.
 * @example formatSignedCount(1000) // '+1,000'
 */
export function formatSignedCount(change: number): string {
  return change > 0 ? `+${formatNumber(change)}` : formatNumber(change);
}
