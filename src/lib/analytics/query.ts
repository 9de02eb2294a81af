// The analytics page's state in the URL (period, comparison, filters, grouping, sort, page, chart) and the call's body built from it.
import dayjs from 'dayjs';
import {
  ANALYTICS_DEFAULT_SORT,
  ANALYTICS_GRAPH_METRICS,
  ANALYTICS_GROUPS,
  ANALYTICS_MAX_PAGE,
  ANALYTICS_SORT_COLUMNS,
  type AnalyticsBody,
  type AnalyticsGraphMetric,
  type AnalyticsGraphAnswer,
  type AnalyticsGroup,
  type AnalyticsOrder,
  type AnalyticsSortColumn,
  type AnalyticsTableAnswer,
} from '../api/analytics';
import type { Sendable } from '../api/calls';
import type { ChannelOption, CountryOption, TitleOption } from '../api/stats';
import { readQuery, type StartAnswer } from '../dashboard/query';
import { DATE_FORMAT, isIsoDate, MIN_DATE, previousRange, type Period } from '../dates/periods';

export const VIDEO_TYPES = ['all', 'full', 'short', 'live'] as const;
export type VideoTypeChoice = (typeof VIDEO_TYPES)[number];

/** What the change columns compare with: nothing, the days just before, the same days a year back, or chosen dates. */
export const COMPARE_MODES = ['none', 'previous', 'year', 'custom'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

export interface AnalyticsQuery {
  period: Period;
  compare: CompareMode;
  /** The chosen comparison dates (custom only). */
  compareRange: { from: string; to: string } | null;
  channels: string[];
  titles: number[];
  countries: string[];
  type: VideoTypeChoice;
  group: AnalyticsGroup;
  sort: AnalyticsSortColumn;
  order: AnalyticsOrder;
  page: number;
  chart: AnalyticsGraphMetric;
}

/** A URL's analytics query; period null when the URL has none (the page's default then applies). */
export type UrlAnalyticsQuery = Omit<AnalyticsQuery, 'period'> & { period: Period | null };

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;

const COUNTRY = /^[A-Z]{2}$/;

/**
 * Reads a query string: the period, channels and titles as the dashboard writes them, the rest by name.
 * A country filter cannot be combined with titles or a video type (no stored grain holds both), nor
 * can grouping by country: the titles and video type win, as the stricter choice.
 * @example readAnalyticsQuery('?period=27&group=titles&sort=rpm&order=asc&page=2&chart=subscribers', '2026-11-21')
 */
export function readAnalyticsQuery(search: string, today: string): UrlAnalyticsQuery {
  const base = readQuery(search, today);
  const params = new URLSearchParams(search);
  const cfrom = params.get('cfrom');
  const cto = params.get('cto');
  const compareRange = cfrom && cto && isIsoDate(cfrom) && isIsoDate(cto) && cfrom <= cto ? { from: cfrom, to: cto } : null;
  let compare = oneOf(COMPARE_MODES, params.get('compare'), 'none');
  if (compare === 'custom' && !compareRange) compare = 'none';
  const page = Number(params.get('page') ?? 1);
  const query: UrlAnalyticsQuery = {
    period: base.period,
    compare,
    compareRange: compare === 'custom' ? compareRange : null,
    channels: base.channels,
    titles: base.titles,
    countries: [...new Set((params.get('countries') ?? '').split(',').map((c) => c.trim().toUpperCase()))].filter((c) => COUNTRY.test(c)),
    type: oneOf(VIDEO_TYPES, params.get('type'), 'all'),
    group: oneOf(ANALYTICS_GROUPS, params.get('group'), 'channels'),
    sort: oneOf(ANALYTICS_SORT_COLUMNS, params.get('sort'), ANALYTICS_DEFAULT_SORT),
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= ANALYTICS_MAX_PAGE ? page : 1,
    chart: oneOf(ANALYTICS_GRAPH_METRICS, params.get('chart'), 'views'),
  };
  return consistent(query);
}

/**
 * The query with its filters made compatible: titles or a video type leave no countries filter and
 * no grouping by country.
 * @example consistent({ ...query, type: 'short', group: 'countries' }).group // 'channels'
 */
export function consistent<Q extends UrlAnalyticsQuery>(query: Q): Q {
  if (!query.titles.length && query.type === 'all') return query;
  return { ...query, countries: [], group: query.group === 'countries' ? 'channels' : query.group };
}

/** The query string for a state, keys in a stable order; defaults are left out. */
export function writeAnalyticsQuery(query: AnalyticsQuery): string {
  const params = new URLSearchParams({ period: query.period.value });
  if (query.period.custom && query.period.from && query.period.to) {
    params.set('from', query.period.from);
    params.set('to', query.period.to);
  }
  if (query.compare !== 'none') params.set('compare', query.compare);
  if (query.compare === 'custom' && query.compareRange) {
    params.set('cfrom', query.compareRange.from);
    params.set('cto', query.compareRange.to);
  }
  if (query.channels.length) params.set('channels', query.channels.join(','));
  if (query.titles.length) params.set('titles', query.titles.join(','));
  if (query.countries.length) params.set('countries', query.countries.join(','));
  if (query.type !== 'all') params.set('type', query.type);
  if (query.group !== 'channels') params.set('group', query.group);
  if (query.sort !== ANALYTICS_DEFAULT_SORT) params.set('sort', query.sort);
  if (query.order !== 'desc') params.set('order', query.order);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.chart !== 'views') params.set('chart', query.chart);
  return `?${params.toString().replace(/%2C/g, ',')}`;
}

/**
 * The dates the changes compare with, or null (none asked, Lifetime, or nothing before 2015).
 * @example comparisonRange({ ...query, compare: 'year' }) // the same days one year earlier
 */
export function comparisonRange(query: Pick<AnalyticsQuery, 'period' | 'compare' | 'compareRange'>): { from: string; to: string } | null {
  const { period } = query;
  if (!period.from || !period.to || query.compare === 'none') return null;
  if (query.compare === 'previous') return previousRange(period);
  if (query.compare === 'custom') return query.compareRange;
  const back = (day: string) => dayjs(day).subtract(1, 'year').format(DATE_FORMAT);
  const to = back(period.to);
  return to < MIN_DATE ? null : { from: back(period.from) < MIN_DATE ? MIN_DATE : back(period.from), to };
}

/** The body of POST /api/stat/extended for a query: the table's, or with graph the chart's. */
export function analyticsBody(query: AnalyticsQuery, showTitle: boolean, graph = false): Sendable<AnalyticsBody> {
  const compare = comparisonRange(query);
  return {
    date_from: query.period.from,
    date_to: query.period.to,
    compare_from: compare?.from ?? null,
    compare_to: compare?.to ?? null,
    channels: query.channels.length ? query.channels : null,
    titles: showTitle && query.titles.length ? query.titles : null,
    countries: query.countries.length ? query.countries : null,
    type_video: query.type,
    ...(graph ? { graph: 1 as const } : { group: query.group, sort: query.sort, order: query.order, page: query.page }),
  };
}

/**
 * What the server renders /analytics with (src/server/partner/analytics/start.ts): the settled query, the
 * latest data day, the filter lists, and the table's and chart's answers ('idle' when the server could
 * not read one: the island asks for it). The island hydrates from it.
 */
export interface AnalyticsStart {
  query: AnalyticsQuery;
  maxDate: string | null;
  options: { channels: ChannelOption[]; titles: TitleOption[]; countries: CountryOption[] };
  table: StartAnswer<AnalyticsTableAnswer>;
  graph: StartAnswer<AnalyticsGraphAnswer>;
}
