// Calendar arithmetic on the rollups' keys: days 'YYYY-MM-DD', months 'YYYY-MM' (UTC), trend hours.

/** 'now' covers the 30 days to the latest snapshot (the pages' "Last 30 days"). */
export const NOW_PERIOD_DAYS = 30;
/** The period key of the rolling 30 days. */
export const NOW_PERIOD = 'now';
export const SECONDS_PER_HOUR = 3_600;
const MS_PER_DAY = 86_400_000;

/** The month of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/**
 * The month shifted by whole months.
 * @example shiftMonth('2026-12', 1) // '2027-01'
 */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The day shifted by whole days.
 * @example addDays('2026-03-01', -1) // '2026-02-28'
 */
export function addDays(day: string, by: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * MS_PER_DAY).toISOString().slice(0, 10);
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
