// The one place for time units and for calendar arithmetic on 'YYYY-MM-DD' days and 'YYYY-MM' months
// (UTC): server, browser and scripts all count days and convert clocks with these.

export const MS_PER_SECOND = 1000;
export const SECONDS_PER_MINUTE = 60;
export const MINUTES_PER_HOUR = 60;
export const HOURS_PER_DAY = 24;
export const SECONDS_PER_HOUR = SECONDS_PER_MINUTE * MINUTES_PER_HOUR;
export const SECONDS_PER_DAY = SECONDS_PER_HOUR * HOURS_PER_DAY;
export const MS_PER_MINUTE = SECONDS_PER_MINUTE * MS_PER_SECOND;
export const MS_PER_DAY = SECONDS_PER_DAY * MS_PER_SECOND;

/** Days are written with four-digit years; arithmetic never leaves 0000-01-01 .. 9999-12-31. */
export const FIRST_WRITABLE_DAY = '0000-01-01';
export const LAST_WRITABLE_DAY = '9999-12-31';
const FIRST_WRITABLE_MS = Date.parse(`${FIRST_WRITABLE_DAY}T00:00:00Z`);
const LAST_WRITABLE_MS = Date.parse(`${LAST_WRITABLE_DAY}T00:00:00Z`);

/**
 * 'YYYY-MM-DD' of a UTC millisecond time. Past year 9999 toISOString() writes '+010000-01-01', which
 * sorts before '9999-12-31' and would turn every `day <= to` loop into an endless one: refuse instead.
 */
function dayOfMs(ms: number): string {
  if (!(ms >= FIRST_WRITABLE_MS && ms <= LAST_WRITABLE_MS + MS_PER_DAY - 1)) {
    throw new RangeError(`day out of range ${FIRST_WRITABLE_DAY}..${LAST_WRITABLE_DAY}`);
  }
  return new Date(ms).toISOString().slice(0, 10);
}

/** Milliseconds since the epoch at the day's UTC midnight. */
export function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day n days after (or before, n < 0) the given one. */
export function addDays(day: string, n: number): string {
  return dayOfMs(dayMs(day) + n * MS_PER_DAY);
}

/** Days from a to b, both included (1 for a single day). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / MS_PER_DAY) + 1;
}

/** True when the text is a real calendar day in 'YYYY-MM-DD'. */
export function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const ms = dayMs(day);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** 'YYYY-MM' of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** First day of a month. */
export const monthStart = (month: string): string => `${month}-01`;

/** Last day of a month. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0..99 as 1900..1999.
  const end = new Date(0);
  end.setUTCFullYear(y, m, 0);
  return dayOfMs(end.getTime());
}

/** Months from one to another, both included (1 for the same month). */
export function monthsInclusive(first: string, last: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(last) - index(first) + 1;
}

/** Days in a month (28..31). */
export const daysInMonth = (month: string): number => Number(monthEnd(month).slice(8));

/** The month after the given one. */
export const nextMonth = (month: string): string => monthOf(addDays(monthEnd(month), 1));

/** 0 = Sunday .. 6 = Saturday. */
export const weekday = (day: string): number => new Date(dayMs(day)).getUTCDay();

/** The Monday on or before a day: the key of its week (ISO weeks start on Monday). */
export const weekStart = (day: string): string => addDays(day, -((weekday(day) + 6) % 7));

/** Today in UTC. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Unix seconds at the day's UTC midnight. */
export const dayUnix = (day: string): number => dayMs(day) / MS_PER_SECOND;
