// Clock arithmetic of the sync: Pacific days (quota, report days), UTC days and trend hours.
import { MS_PER_SECOND, SECONDS_PER_HOUR } from '../../../lib/time';

/** Google's quotas reset and its reports start at midnight in this zone. */
const QUOTA_TIME_ZONE = 'America/Los_Angeles';

// en-CA formats dates as YYYY-MM-DD.
const pacificFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit',
});

/**
 * The US-Pacific calendar day of a moment (daylight saving included), 'YYYY-MM-DD'.
 * @example pacificDay(Date.parse('2026-03-02T06:59:59Z')) // '2026-03-01'
 */
export function pacificDay(ms: number): string {
  return pacificFormat.format(new Date(ms));
}

/** The UTC calendar day of a moment, 'YYYY-MM-DD'. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The start of the UTC hour of a moment, in unix seconds (trend_positions.hour). */
export function hourStart(ms: number): number {
  const seconds = Math.floor(ms / MS_PER_SECOND);
  return seconds - (seconds % SECONDS_PER_HOUR);
}
