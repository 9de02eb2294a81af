// The trends page's URL: country, hour (day and hour at UTC+3, or ?hour=) and page, read leniently.
import { DEFAULT_TREND_COUNTRY, parseCountryList } from './countries';
import { clampTrendHour, hourFromParts, latestTrendHour, parseTrendHour, trendHourParts } from './hour';
import { SECONDS_PER_HOUR } from '../dates/time';
import { NOTE_VALUE_MAX_CHARS } from '../public/filter-fallback';

export const TRENDS_PER_PAGE = 50;

export interface TrendsPageQuery {
  /** A two-letter code (US when none is given), or the URL's text when it is not one. */
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
  const given = (params.get('country') ?? params.get('country_trends') ?? '').trim();
  // A malformed value is kept as given, so the page can say it did not use it (resolveTrendCountry).
  const country = given === '' ? DEFAULT_TREND_COUNTRY : (parseCountryList([given])?.[0] ?? given);
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

/** The CSV of the page trendsHref names: the same chart hour, so the file holds what the page showed. */
export function trendsCsvHref(country: string, hour: number, page = 1): string {
  return trendsHref(country, hour, page).replace('/trends?', '/trends.csv?');
}

/**
 * The hours of a UTC+3 day the picker offers: every hour up to the latest chart hour, none in the
 * future (a day after the latest one offers none). `now` is the request's clock, pinned in tests.
 * @example offeredHours('2026-03-10', new Date('2026-03-10T14:30:00Z')) // [0, 1, …, 17] (17:00 UTC+3 = 14:00 UTC)
 */
export function offeredHours(day: string, now: Date): number[] {
  const latest = latestTrendHour(now);
  const hours: number[] = [];
  for (let time = 0; time < 24; time += 1) {
    const hour = hourFromParts(day, time);
    if (hour !== null && hour <= latest) hours.push(time);
  }
  return hours;
}

/**
 * The chart country a page URL asks for: one the country select offers, else a real country with no
 * chart yet (its page says "No data available"), else the default with the public pages' note.
 * @example resolveTrendCountry('XX', ['US', 'GB'], false) // { country: 'US', note: 'Unknown country XX: showing the United States' }
 */
export function resolveTrendCountry(code: string, charted: readonly string[], known: boolean): { country: string; note: string | null } {
  if (code === DEFAULT_TREND_COUNTRY || (isCountryCode(code) && (charted.includes(code) || known))) return { country: code, note: null };
  const shown = code.length > NOTE_VALUE_MAX_CHARS ? `${code.slice(0, NOTE_VALUE_MAX_CHARS)}…` : code;
  return { country: DEFAULT_TREND_COUNTRY, note: `Unknown country ${shown}: showing the United States` };
}

/** Whether a text is a two-letter code a chart could be read for. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code);
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
