// The profile's PROPERTY block state in the URL (tab, publish period, page, page size) and the body of
// POST /api/profile/videos built from it; the server and the browser read a URL alike.
import type { Sendable } from '../api/calls';
import {
  DEFAULT_PROPERTY_PAGE_SIZE,
  MAX_PROPERTY_PAGE,
  PROPERTY_PAGE_SIZES,
  type ProfileVideosAnswer,
  type ProfileVideosBody,
  type PropertyPageSize,
} from '../api/property';
import type { ChannelOption } from '../api/stats';
import { settlePeriod, type StartAnswer } from '../dashboard/query';
import { CUSTOM, customPeriod, isIsoDate, presetPeriod, type Period } from '../dates/periods';

export const PROPERTY_TABS = ['videos', 'channels'] as const;
export type PropertyTab = (typeof PROPERTY_TABS)[number];
/** The profile lists the last 7 days unless the URL asks for another period. */
export const PROPERTY_DEFAULT_PERIOD = '6';

export interface PropertyQuery {
  tab: PropertyTab;
  period: Period;
  page: number;
  perPage: PropertyPageSize;
  /** One title's videos only (the details table's title rows link here); null: every video. */
  title: number | null;
}

const isTab = (value: string | null): value is PropertyTab => PROPERTY_TABS.some((tab) => tab === value);
const isPageSize = (value: number): value is PropertyPageSize => PROPERTY_PAGE_SIZES.some((size) => size === value);

/** The URL's page when it is a whole number in range, else the first. */
function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PROPERTY_PAGE ? page : 1;
}

/**
 * Reads a query string once the latest data day is known; anything missing or unreadable takes its
 * default (Videos, last 7 days up to the latest data day, page 1, 50 rows).
 * @example readPropertyQuery('?tab=videos&period=27&page=2&per_page=25', '2026-11-25', '2026-11-23')
 */
export function readPropertyQuery(search: string, today: string, maxDate: string): PropertyQuery {
  const params = new URLSearchParams(search);
  const value = params.get('period');
  const from = params.get('from');
  const to = params.get('to');
  let asked: Period | null = null;
  if (value === CUSTOM && from && isIsoDate(from) && (!to || isIsoDate(to))) asked = customPeriod(from, to, maxDate);
  else if (value) asked = presetPeriod(value, today);
  const period = settlePeriod(asked ?? presetPeriod(PROPERTY_DEFAULT_PERIOD, today)!, today, maxDate);
  const tab = params.get('tab');
  const perPage = Number(params.get('per_page'));
  const title = Number(params.get('title'));
  return {
    tab: isTab(tab) ? tab : 'videos',
    period,
    page: readPage(params.get('page')),
    perPage: isPageSize(perPage) ? perPage : DEFAULT_PROPERTY_PAGE_SIZE,
    title: Number.isSafeInteger(title) && title > 0 ? title : null,
  };
}

/**
 * The query string for a state, in a stable key order so a reload reads the same state back.
 * @example writePropertyQuery(query) // '?tab=videos&period=6&page=1&per_page=50'
 */
export function writePropertyQuery(query: PropertyQuery): string {
  const params = new URLSearchParams({ tab: query.tab, period: query.period.value });
  if (query.period.custom && query.period.from && query.period.to) {
    params.set('from', query.period.from);
    params.set('to', query.period.to);
  }
  params.set('page', String(query.page));
  params.set('per_page', String(query.perPage));
  if (query.title !== null) params.set('title', String(query.title));
  return `?${params.toString()}`;
}

/**
 * The body of POST /api/profile/videos for a state; Lifetime sends no dates (every video).
 * @example propertyBody(query) // { date_from: '2026-11-17', date_to: '2026-11-23', page: 1, per_page: 50 }
 */
export function propertyBody(query: PropertyQuery): Sendable<ProfileVideosBody> {
  return {
    date_from: query.period.from,
    date_to: query.period.to,
    page: query.page,
    per_page: query.perPage,
    ...(query.title !== null ? { titles: [query.title] } : {}),
  };
}

/** The PROPERTY block's first view, read on the server: the settled state and both lists. */
export interface PropertyStart {
  /** The latest data day (today when it is unknown or could not be read). */
  maxDate: string;
  query: PropertyQuery;
  videos: StartAnswer<ProfileVideosAnswer>;
  channels: StartAnswer<ChannelOption[]>;
}
