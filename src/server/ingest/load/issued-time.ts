// An issue time stated by hand (`--issued`, the admin upload's "issued"), read from ISO 8601 text.
import { MINUTES_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND } from '../../../lib/dates/time';

/** A date, a time to the minute or finer, and a zone: YouTube's createTime has this shape. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/i;
const LAST_OFFSET_HOUR = 23;
const LAST_MINUTE = 59;
const EXAMPLE = '2026-11-21T10:04:33Z';

export type IssuedTime = { readonly ok: true; readonly at: number } | { readonly ok: false; readonly problem: string };

/** Milliseconds of a UTC calendar time, or NaN when a field is out of range (Date.UTC rolls 30 February over). */
function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(ms);
  const same =
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    d.getUTCHours() === hour &&
    d.getUTCMinutes() === minute &&
    d.getUTCSeconds() === second;
  return same ? ms : Number.NaN;
}

/**
 * Reads when YouTube issued a file, stated by hand: an ISO 8601 time with its zone (fractions of a
 * second are dropped, as they are from createTime). Refuses other text and a time after `now`, each
 * with what to give instead.
 * @example parseIssuedTime('2026-11-21T10:04:33Z', now) // { ok: true, at: 1795255473 }
 */
export function parseIssuedTime(text: string, now: number): IssuedTime {
  const m = ISO_TIME.exec(text.trim());
  const [, year, month, day, hour, minute, second = '0', utc, sign, offsetHours = '0', offsetMinutes = '0'] = m ?? [];
  const ms = m ? utcMs(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second)) : Number.NaN;
  const offset = Number(offsetHours) * MINUTES_PER_HOUR + Number(offsetMinutes);
  if (!Number.isFinite(ms) || (!utc && (Number(offsetHours) > LAST_OFFSET_HOUR || Number(offsetMinutes) > LAST_MINUTE))) {
    return {
      ok: false,
      problem: `"${text}" is not an ISO 8601 time with its zone: give when YouTube issued the file, e.g. ${EXAMPLE} (the report's createTime).`,
    };
  }
  const at = Math.floor((ms - (sign === '-' ? -offset : offset) * MS_PER_MINUTE) / MS_PER_SECOND);
  if (at > now) {
    const nowText = new Date(now * MS_PER_SECOND).toISOString().replace('.000', '');
    return { ok: false, problem: `"${text}" lies in the future (now ${nowText}): give when YouTube issued the file, which has passed.` };
  }
  return { ok: true, at };
}
