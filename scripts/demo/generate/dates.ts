// UTC calendar arithmetic on day numbers (days since 1970-01-01) and 'YYYY-MM-DD' / 'YYYY-MM' text.
import { MS_PER_DAY, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '../../../src/lib/dates/time';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Day number of an ISO date; throws on anything that is not a real calendar day. */
export function dayNumber(isoDay: string): number {
  const ms = Date.parse(`${isoDay}T00:00:00Z`);
  if (!ISO_DAY.test(isoDay) || Number.isNaN(ms) || isoDate(ms / MS_PER_DAY) !== isoDay) {
    throw new Error(`Not a date (YYYY-MM-DD): ${isoDay}`);
  }
  return ms / MS_PER_DAY;
}

// Fact loops format the same few thousand days millions of times: remember them.
const isoCache = new Map<number, string>();
const yearDayCache = new Map<number, number>();

/** 'YYYY-MM-DD' of a day number. */
export function isoDate(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    isoCache.set(day, iso);
  }
  return iso;
}

/** 'YYYY-MM' of a day number. */
export function isoMonth(day: number): string {
  return isoDate(day).slice(0, 7);
}

/** Unix seconds at the start of the day, plus hours. */
export function unixSeconds(day: number, hours = 0): number {
  return day * SECONDS_PER_DAY + hours * SECONDS_PER_HOUR;
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** 0-based day of the year. */
export function dayOfYear(day: number): number {
  let value = yearDayCache.get(day);
  if (value === undefined) {
    value = day - Date.UTC(Number(isoDate(day).slice(0, 4)), 0, 1) / MS_PER_DAY;
    yearDayCache.set(day, value);
  }
  return value;
}

/** 1-based month of the year. */
export function monthOfYear(day: number): number {
  return Number(isoDate(day).slice(5, 7));
}

/** Day number of the first day of the month that contains day, shifted by whole months. */
export function monthStart(day: number, shiftMonths = 0): number {
  const date = new Date(day * MS_PER_DAY);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + shiftMonths, 1) / MS_PER_DAY;
}

/** Plain code-unit order for keys (dates, codes): the order SQLite's BINARY collation uses. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Today's UTC date as 'YYYY-MM-DD'. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
