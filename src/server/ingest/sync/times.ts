// Clock arithmetic of the sync: UTC days and trend hours (Pacific days: src/server/google/pacific-day.ts).
import { MS_PER_SECOND, SECONDS_PER_HOUR } from '../../../lib/dates/time';

/** The UTC calendar day of a moment, 'YYYY-MM-DD'. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The start of the UTC hour of a moment, in unix seconds (trend_positions.hour). */
export function hourStart(ms: number): number {
  const seconds = Math.floor(ms / MS_PER_SECOND);
  return seconds - (seconds % SECONDS_PER_HOUR);
}
