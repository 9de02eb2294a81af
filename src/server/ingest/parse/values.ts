// Cheap checks that turn one CSV field into a typed value or throw a ValueError naming the column.
import { quote, ValueError } from './report-error';

export * from './numbers';

const DAY_COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const COUNTRY = /^[A-Z]{2}$/;
/**
 * Report days lie in these years: YouTube began in 2005, and a day past 2099 is a corrupt file. It also
 * keeps the rollups' month lists (at most a century, see monthsBetween) within bounds.
 */
export const FIRST_REPORT_YEAR = 2005;
export const LAST_REPORT_YEAR = 2099;
// Channel ids are "UC" + 22 base64url characters; Studio downloads drop the "UC".
const BARE_CHANNEL_ID = /^[A-Za-z0-9_-]{22}$/;

/** Required text; empty is refused. */
export function text(raw: string | undefined, column: string): string {
  if (raw === undefined || raw === '') throw new ValueError(`column ${column}: value is empty`);
  return raw;
}

/** Optional text: empty or absent becomes null. */
export function optionalText(raw: string | undefined): string | null {
  return raw === undefined || raw === '' ? null : raw;
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** YYYYMMDD (Reporting API) or YYYY-MM-DD (Analytics API, warehouse exports) to YYYY-MM-DD. */
export function day(raw: string | undefined, column: string): string {
  const m = raw === undefined ? null : (DAY_COMPACT.exec(raw) ?? DAY_ISO.exec(raw));
  if (m) {
    const [, y = '', mo = '', d = ''] = m;
    const year = Number(y);
    if (year < FIRST_REPORT_YEAR || year > LAST_REPORT_YEAR) {
      throw new ValueError(`column ${column}: ${quote(raw ?? '')} is not a report day (years ${FIRST_REPORT_YEAR} to ${LAST_REPORT_YEAR})`);
    }
    if (isCalendarDay(year, Number(mo), Number(d))) return `${y}-${mo}-${d}`;
  }
  throw new ValueError(`column ${column}: ${quote(raw ?? '')} is not a date (YYYYMMDD)`);
}

/** ISO 3166 alpha-2; "ZZ" (unknown country) is kept as is. */
export function country(raw: string | undefined, column: string): string {
  if (raw !== undefined && COUNTRY.test(raw)) return raw;
  throw new ValueError(`column ${column}: ${quote(raw ?? '')} is not a two-letter country code`);
}

/** A channel id, with the "UC" put back when a Studio download left it out. */
export function channelId(raw: string | undefined, column: string): string {
  const value = text(raw, column);
  return BARE_CHANNEL_ID.test(value) ? `UC${value}` : value;
}

/** Optional channel id (empty -> null). */
export function optionalChannelId(raw: string | undefined, column: string): string | null {
  return raw === undefined || raw === '' ? null : channelId(raw, column);
}

/** One of a closed list of words. */
export function oneOf<T extends string>(raw: string | undefined, column: string, allowed: readonly T[]): T {
  for (const word of allowed) if (word === raw) return word;
  throw new ValueError(`column ${column}: ${quote(raw ?? '')} is not one of ${allowed.join(', ')}`);
}

/** Yes/no columns of system-managed reports ("Yes", "true", "1", empty for no). */
export function flag(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  const v = raw.trim().toLowerCase();
  return v === 'yes' || v === 'true' || v === '1' || v === 'y';
}
