// The trends page's URL: country, hour (day and hour at UTC+3, or ?hour=) and page, read leniently.
import { DEFAULT_TREND_COUNTRY, parseCountryList } from './countries';
import { clampTrendHour, hourFromParts, parseTrendHour, trendHourParts } from './hour';
import { SECONDS_PER_HOUR } from '../dates/time';

export const TRENDS_PER_PAGE = 50;

export interface TrendsPageQuery {
  country: string;
  /** The asked hour after clamping (unix seconds). */
  hour: number;
  /** 1-based. */
  page: number;
}

/**
 * Reads the page's query; a bad value falls back to its default (US, the latest hour, page 1).
 * @example readTrendsQuery(new URLSearchParams('country=gb&day=2026-03-10&time=17'), new Date())
 */
export function readTrendsQuery(params: URLSearchParams, now: Date): TrendsPageQuery {
  const country = parseCountryList([params.get('country') ?? params.get('country_trends') ?? ''])?.[0] ?? DEFAULT_TREND_COUNTRY;
  const day = params.get('day');
  const time = Number(params.get('time') ?? '0');
  const raw = params.get('hour');
  const asked = day ? hourFromParts(day, time) : raw ? parseTrendHour(raw) : null;
  const pageText = params.get('page') ?? '1';
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  return { country, hour: clampTrendHour(asked, now), page };
}

/** The page's URL for a country, hour and page (page 1 is left out). */
export function trendsHref(country: string, hour: number, page = 1): string {
  const { day, time } = trendHourParts(hour);
  const query = new URLSearchParams({ country, day, time: String(time) });
  if (page > 1) query.set('page', String(page));
  return `/trends?${query}`;
}

/** The hour before and after, the later one only while it is not past the latest. */
export function neighbourHours(hour: number, now: Date): { previous: number; next: number | null } {
  const next = hour + SECONDS_PER_HOUR;
  return { previous: hour - SECONDS_PER_HOUR, next: next <= clampTrendHour(undefined, now) ? next : null };
}

/** The change marker of a chart row: places climbed since the hour before, or new on the chart. */
export function positionChange(position: number, last: number | null): { kind: 'new' | 'up' | 'down' | 'same'; label: string } {
  if (last === null) return { kind: 'new', label: 'New' };
  const diff = last - position;
  if (diff > 0) return { kind: 'up', label: `+${diff}` };
  if (diff < 0) return { kind: 'down', label: `\u2212${-diff}` };
  return { kind: 'same', label: '' };
}
