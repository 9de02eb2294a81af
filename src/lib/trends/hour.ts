// Trend chart hours: clamping the asked hour, and showing hours in the trends' time zone (UTC+3).
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { MS_PER_SECOND, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../dates/time';

dayjs.extend(utc);

/** The trend pages show times at UTC+3, whatever the visitor's own zone (docs/public-stats.md, "Trends": time zone). */
export const TREND_UTC_OFFSET_MINUTES = 180;
const OFFSET_SECONDS = TREND_UTC_OFFSET_MINUTES * SECONDS_PER_MINUTE;
export const TREND_ZONE_LABEL = 'UTC+3';
/** The chart of an hour is complete a few minutes after the hour starts. */
export const CHART_READY_MINUTES = 5;
/** The picker's first hour: 2014-01-01 00:00 at UTC+3. */
export const TREND_START_HOUR = Date.UTC(2014, 0, 1) / MS_PER_SECOND - OFFSET_SECONDS;
/** The picker's display format (dayjs tokens for '10 Mar 2026, 17:00'). */
export const TREND_HOUR_FORMAT = 'DD MMM YYYY, HH:00';

/** The start of the hour a unix time falls in. */
export function hourStart(seconds: number): number {
  return Math.floor(seconds / SECONDS_PER_HOUR) * SECONDS_PER_HOUR;
}

/**
 * The latest hour whose chart may be asked for: the current hour, or the one before it during
 * its first CHART_READY_MINUTES minutes.
 * @example latestTrendHour(new Date('2026-03-10T14:03:00Z')) // 13:00 UTC that day
 */
export function latestTrendHour(now: Date): number {
  const seconds = Math.floor(now.getTime() / MS_PER_SECOND);
  const start = hourStart(seconds);
  return seconds - start < CHART_READY_MINUTES * SECONDS_PER_MINUTE ? start - SECONDS_PER_HOUR : start;
}

/**
 * An asked hour (unix seconds, any minute) cut to its hour and kept between TREND_START_HOUR and
 * latestTrendHour(now); no hour asked means the latest.
 */
export function clampTrendHour(asked: number | null | undefined, now: Date): number {
  const latest = latestTrendHour(now);
  if (asked === null || asked === undefined || !Number.isFinite(asked)) return latest;
  return Math.min(latest, Math.max(TREND_START_HOUR, hourStart(asked)));
}

/** An hour as the picker shows it, e.g. '10 Mar 2026, 17:00' (UTC+3). */
export function formatTrendHour(hour: number): string {
  return dayjs.unix(hour).utcOffset(TREND_UTC_OFFSET_MINUTES).format(TREND_HOUR_FORMAT);
}

/** The UTC+3 day and hour of an hour, for the picker's date input and hour select. */
export function trendHourParts(hour: number): { day: string; time: number } {
  const local = dayjs.unix(hour).utcOffset(TREND_UTC_OFFSET_MINUTES);
  return { day: local.format('YYYY-MM-DD'), time: local.hour() };
}

/** The hour of a UTC+3 day and hour of day; null when the day is not a real date. */
export function hourFromParts(day: string, time: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match || !Number.isInteger(time) || time < 0 || time > 23) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date, time);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return ms / MS_PER_SECOND - OFFSET_SECONDS;
}

/**
 * Reads an hour given as unix seconds, or as an ISO time (a time without a zone is read at UTC+3,
 * as the pages show it); null when it is neither.
 * @example parseTrendHour('2026-03-10T17:00') // 14:00 UTC
 */
export function parseTrendHour(value: string): number | null {
  const text = value.trim();
  if (/^\d{1,12}$/.test(text)) return Number(text);
  const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2})(?::\d{2}(?::\d{2}(?:\.\d+)?)?)?)?$/.exec(text);
  if (local) return hourFromParts(local[1] ?? '', Number(local[2] ?? 0));
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : Math.floor(ms / MS_PER_SECOND);
}

/** The first and last hour of a UTC+3 month 'YYYY-MM' (end exclusive). */
export function trendMonthBounds(month: string): { from: number; to: number } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { from: Date.UTC(year, mon - 1, 1) / MS_PER_SECOND - OFFSET_SECONDS, to: Date.UTC(year, mon, 1) / MS_PER_SECOND - OFFSET_SECONDS };
}

/** A moment at UTC+3 with its minutes, e.g. '10 Mar 2026, 17:42' (published times). */
export function formatTrendTime(seconds: number): string {
  return dayjs.unix(seconds).utcOffset(TREND_UTC_OFFSET_MINUTES).format('DD MMM YYYY, HH:mm');
}

/** A moment at UTC+3 as a sortable text for downloads, e.g. '2026-03-10 17:42' (parseTrendHour reads it back). */
export function trendTimeText(seconds: number): string {
  return dayjs.unix(seconds).utcOffset(TREND_UTC_OFFSET_MINUTES).format('YYYY-MM-DD HH:mm');
}
