// Calendar arithmetic on the rollups' keys: months 'YYYY-MM' (UTC) and the rolling 'now' period.

/** 'now' covers the 30 days to the latest snapshot (the pages' "Last 30 days"). */
export const NOW_PERIOD_DAYS = 30;
/** The period key of the rolling 30 days. */
export const NOW_PERIOD = 'now';

/**
 * The month shifted by whole months.
 * @example shiftMonth('2026-12', 1) // '2027-01'
 */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months one monthsBetween() may list: a century, far past any channel's history. */
export const MAX_MONTHS_BETWEEN = 12 * 100;

/** Every month from first to last, both included, oldest first. */
export function monthsBetween(first: string, last: string): string[] {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  const count = index(last) - index(first) + 1;
  // Counted first: past year 9999 shiftMonth writes '10000-01', which sorts before '9999-12'.
  if (!(count <= MAX_MONTHS_BETWEEN)) throw new RangeError(`${count} months from ${first} to ${last}`);
  const months: string[] = [];
  for (let month = first; month <= last && months.length < count; month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/** Distinct values, sorted (text order: the order SQLite compares keys in). */
export function sortedUnique<T extends string | number>(values: Iterable<T>): T[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
