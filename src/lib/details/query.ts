// The details page's state in the URL (docs/partner-area.md, "Details"): the dashboard's period and
// filters plus countries, grouping, tab, chart options and the table's sort and page; the rules that
// reset them. The bodies of the details calls built from it: call-bodies.ts.
import {
  AUDIENCE_GRAPHS,
  DETAIL_SORT_COLUMNS,
  DETAILS_GROUPS,
  type AudienceGraph,
  type DetailsGroup,
  type DetailsId,
  type DetailSortColumn,
  type SortOrder,
} from '../api/details';
import type { ChartPeriod } from '../dates/chart-rules';
import { MAX_FILTER_ITEMS, readQuery, writeQuery, type DashboardQuery } from '../dashboard/query';
import type { Period } from '../dates/periods';

export type DetailsTab = 'table' | 'chart';
/** The chart tab's two views: one Total line, or a line per top row (Detailed). */
export type ChartMode = 'total' | 'detailed';
export const CHART_MODES: readonly ChartMode[] = ['total', 'detailed'];

/** A table's sort: null column means the server's default (the page's top field, largest first). */
export interface DetailsSort {
  column: DetailSortColumn | null;
  order: SortOrder;
}

export interface DetailsQuery {
  id: DetailsId;
  tab: DetailsTab;
  period: Period;
  chartPeriod: ChartPeriod;
  chartMode: ChartMode;
  channels: string[];
  titles: number[];
  countries: string[];
  group: DetailsGroup;
  /** The audience chart's metric radio. */
  graph: AudienceGraph;
  sort: DetailsSort;
  /** 1-based table page. */
  page: number;
}

/** What a URL asks for beyond the dashboard's part; anything missing or unreadable is null. */
export interface DetailsUrlQuery {
  dashboard: ReturnType<typeof readQuery>;
  tab: DetailsTab | null;
  chartMode: ChartMode | null;
  countries: string[];
  group: DetailsGroup | null;
  graph: AudienceGraph | null;
  sort: DetailsSort | null;
  page: number;
}

/** The account flag the page's rules depend on. */
export interface DetailsViewer {
  showTitle: boolean;
}

export const DEFAULT_SORT: DetailsSort = { column: null, order: 'desc' };
/** The highest page a URL may ask for: far past any real table, and a bounded number. */
export const MAX_PAGE = 100_000;

/** group_by also accepts the singular words the dashboard's old links used. */
const GROUP_WORDS: Record<string, DetailsGroup> = { channel: 'channels', title: 'titles', country: 'countries', format: 'formats' };
const COUNTRY_CODE = /^[A-Z]{2}$/;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;

function readGroup(raw: string | null): DetailsGroup | null {
  if (raw === null) return null;
  return oneOf(DETAILS_GROUPS, raw) ?? GROUP_WORDS[raw] ?? null;
}

function readCountries(raw: string | null): string[] {
  if (!raw) return [];
  const codes = raw.split(',').map((code) => code.trim().toUpperCase());
  return [...new Set(codes.filter((code) => COUNTRY_CODE.test(code)))].slice(0, MAX_FILTER_ITEMS);
}

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/**
 * Reads the details part of a query string (the period and filters as the dashboard reads them).
 * @example readDetailsQuery('?group_by=countries&countries=US,DE&tab=chart', '2026-11-25').group // 'countries'
 */
export function readDetailsQuery(search: string, today: string): DetailsUrlQuery {
  const params = new URLSearchParams(search);
  const column = oneOf(DETAIL_SORT_COLUMNS, params.get('sort'));
  const order = oneOf(['desc', 'asc'] as const, params.get('order'));
  return {
    dashboard: readQuery(search, today),
    tab: oneOf(['table', 'chart'] as const, params.get('tab')),
    chartMode: oneOf(CHART_MODES, params.get('mode')),
    countries: readCountries(params.get('countries')),
    group: readGroup(params.get('group_by')),
    graph: oneOf(AUDIENCE_GRAPHS, params.get('graph')),
    sort: column ? { column, order: order ?? 'desc' } : null,
    page: readPage(params.get('page')),
  };
}

/**
 * The groupings a page offers: Title only with show_title and not on subs; audience only by channel.
 * @example groupsFor('subs', { showTitle: true }) // ['channels', 'countries', 'formats']
 */
export function groupsFor(id: DetailsId, viewer: DetailsViewer): DetailsGroup[] {
  if (id === 'audience') return ['channels'];
  if (id === 'subs' || !viewer.showTitle) return ['channels', 'countries', 'formats'];
  return ['channels', 'titles', 'countries', 'formats'];
}

/**
 * Whether the Format grouping can answer: the format grain has no titles or countries, so under either
 * filter the page groups by channel instead (the filter wins, as titles give way to countries).
 * @example formatsSplit({ titles: [], countries: ['US'] }) // false
 */
export function formatsSplit(query: Pick<DetailsQuery, 'titles' | 'countries'>): boolean {
  return query.titles.length === 0 && query.countries.length === 0;
}

/**
 * Whether the page has a titles filter (show_title, not on subs) and a countries filter (not on audience).
 * @example filtersFor('audience', { showTitle: true }) // { titles: true, countries: false }
 */
export function filtersFor(id: DetailsId, viewer: DetailsViewer): { titles: boolean; countries: boolean } {
  return { titles: viewer.showTitle && id !== 'subs', countries: id !== 'audience' };
}

/**
 * The audience chart's metrics a viewer is offered: Subscribers is hidden from users limited to
 * in-house channels (docs/partner-area.md, "Who sees what"), and its call refuses them.
 * @example audienceGraphsFor({ onlyInhouseChannels: true }) // ['partner_revenue', 'views']
 */
export function audienceGraphsFor(viewer: { onlyInhouseChannels: boolean }): AudienceGraph[] {
  return AUDIENCE_GRAPHS.filter((graph) => graph !== 'subscribers' || !viewer.onlyInhouseChannels);
}

/**
 * The audience chart's metric: the asked one when the viewer is offered it, else Views.
 * @example settleGraph('subscribers', { onlyInhouseChannels: true }) // 'views'
 */
export function settleGraph(graph: AudienceGraph | null, viewer: { onlyInhouseChannels: boolean }): AudienceGraph {
  return graph && audienceGraphsFor(viewer).includes(graph) ? graph : 'views';
}

/**
 * The grouping a page applies: the asked one when the page offers it, else Channel (switching to subs
 * while grouped by Title, or to audience).
 * @example settleGroup('subs', 'titles', { showTitle: true }) // 'channels'
 */
export function settleGroup(id: DetailsId, group: DetailsGroup | null, viewer: DetailsViewer): DetailsGroup {
  return group && groupsFor(id, viewer).includes(group) ? group : 'channels';
}

/**
 * A query made to fit its page's rules: the grouping and the filters the page does not offer are
 * reset. Countries and titles cannot be combined (the stats filters refuse it): titles give way. Under
 * either, the Format grouping gives way to Channel (formatsSplit).
 * @example fitToPage({ ...query, id: 'subs', group: 'titles' }, viewer).group // 'channels'
 */
export function fitToPage(query: DetailsQuery, viewer: DetailsViewer): DetailsQuery {
  const filters = filtersFor(query.id, viewer);
  const countries = filters.countries ? query.countries : [];
  const titles = filters.titles && countries.length === 0 ? query.titles : [];
  const settled = settleGroup(query.id, query.group, viewer);
  const group = settled === 'formats' && !formatsSplit({ titles, countries }) ? 'channels' : settled;
  const sort = group === query.group ? query.sort : DEFAULT_SORT;
  return { ...query, countries, titles, group, sort };
}

/**
 * The next sort after a click on a column's heading: a new column starts largest first, the same
 * column toggles between desc and asc.
 * @example nextSort({ column: 'views', order: 'desc' }, 'views') // { column: 'views', order: 'asc' }
 */
export function nextSort(current: DetailsSort, column: DetailSortColumn, defaultColumn: DetailSortColumn): DetailsSort {
  const shown = current.column ?? defaultColumn;
  if (shown !== column) return { column, order: 'desc' };
  return { column, order: current.order === 'desc' ? 'asc' : 'desc' };
}

/**
 * The query string for a state, stable in key order; defaults are left out.
 * @example writeDetailsQuery({ ...query, group: 'countries' }) // '?period=89&by=month&group_by=countries'
 */
export function writeDetailsQuery(query: DetailsQuery): string {
  const dashboard: DashboardQuery = {
    period: query.period,
    chartPeriod: query.chartPeriod,
    channels: query.channels,
    titles: query.titles,
  };
  // The dashboard's own parameters first, written by the dashboard's writer.
  const params = new URLSearchParams(writeQuery(dashboard).slice(1));
  if (query.countries.length) params.set('countries', query.countries.join(','));
  if (query.group !== 'channels') params.set('group_by', query.group);
  if (query.tab === 'chart') params.set('tab', 'chart');
  if (query.chartMode !== 'total') params.set('mode', query.chartMode);
  if (query.id === 'audience' && query.graph !== 'views') params.set('graph', query.graph);
  if (query.sort.column) {
    params.set('sort', query.sort.column);
    params.set('order', query.sort.order);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return `?${params.toString().replace(/%2C/g, ',')}`;
}

/** The two routes of the page: /details/{id} names the tab in the query, /analytics/{id}/{tab} in the path. */
export type DetailsRoute = 'details' | 'analytics';

/**
 * The address of a state on its route.
 * @example detailsHref(query, 'analytics') // '/analytics/views/chart?period=89&by=month'
 */
export function detailsHref(query: DetailsQuery, route: DetailsRoute): string {
  const search = writeDetailsQuery(query);
  if (route === 'details') return `/details/${query.id}${search}`;
  const params = new URLSearchParams(search.slice(1));
  params.delete('tab');
  return `/analytics/${query.id}/${query.tab}?${params.toString().replace(/%2C/g, ',')}`;
}

/**
 * Whether two states show the same page (same URL and the same page id).
 * @example sameDetails(query, { ...query, page: 1 }) // true when query.page is 1
 */
export function sameDetails(a: DetailsQuery, b: DetailsQuery): boolean {
  return a.id === b.id && writeDetailsQuery(a) === writeDetailsQuery(b);
}
