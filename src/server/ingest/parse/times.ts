// Timestamps and durations as YouTube prints them, to ISO 8601 strings and whole seconds.
import { ValueError } from './report-error';
import { MINUTES_PER_HOUR, MS_PER_MINUTE, SECONDS_PER_DAY, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../../../lib/dates/time';

// 2024-05-01T10:20:30Z, 2024-05-01T10:20:30.000+02:00, 2024-05-01 10:20:30, 2024/05/01 10:20:30
const DATE_TIME = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/;
const COMPACT_DAY = /^(\d{4})(\d{2})(\d{2})$/;
const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/;

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z' || zone === 'UTC') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * MINUTES_PER_HOUR + Number(digits.slice(2)));
}

/**
 * A point in time to 'YYYY-MM-DDTHH:MM:SSZ'. Times without a zone are read as UTC.
 * Empty -> null; anything else that is not a real date and time throws.
 */
export function timestamp(raw: string | undefined, column: string): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = raw.trim();
  const m = DATE_TIME.exec(value) ?? COMPACT_DAY.exec(value);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const date = new Date(ms - offsetMinutes(zone) * MS_PER_MINUTE);
    // Date.UTC rolls 2024-02-30 over to March: compare back to refuse such dates.
    const check = new Date(ms);
    if (check.getUTCDate() === Number(d) && check.getUTCMonth() === Number(mo) - 1 && Number(h) < 24) {
      return date.toISOString().replace('.000Z', 'Z');
    }
  }
  throw new ValueError(`column ${column}: "${value}" is not a date and time`);
}

/**
 * A length in whole seconds from "PT1H2M3S" (Data API), "1:02:03" or "3723" (reports).
 * Empty -> null.
 */
export function durationSeconds(raw: string | undefined, column: string): number | null {
  if (raw === undefined || raw === '') return null;
  const iso = ISO_DURATION.exec(raw);
  if (iso && raw !== 'P' && raw !== 'PT') {
    const [, d = '0', h = '0', m = '0', s = '0'] = iso;
    return Number(d) * SECONDS_PER_DAY + Number(h) * SECONDS_PER_HOUR + Number(m) * SECONDS_PER_MINUTE + Number(s);
  }
  const clock = CLOCK.exec(raw);
  if (clock) {
    const [, h = '0', m = '0', s = '0'] = clock;
    return Number(h) * SECONDS_PER_HOUR + Number(m) * SECONDS_PER_MINUTE + Number(s);
  }
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw));
  throw new ValueError(`column ${column}: "${raw}" is not a duration`);
}
