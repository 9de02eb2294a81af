// The /illegal pages' state in the URL (view, period, channels, titles, table and chart choices) and the
// call bodies built from it; the server's first answer and the island read the URL the same way.
import type { Sendable } from '../api/calls';
import {
  ILLEGAL_BREAKDOWNS,
  ILLEGAL_CHART_GROUPS,
  ILLEGAL_SORT_COLUMNS,
  ILLEGAL_TABLE_GROUPS,
  type IllegalBreakdown,
  type IllegalChartAnswer,
  type IllegalChartBody,
  type IllegalChartGroup,
  type IllegalSortColumn,
  type IllegalTableAnswer,
  type IllegalTableBody,
  type IllegalTableGroup,
} from '../api/illegal';
import { chartPeriodsFor, type ChartPeriod } from '../dates/chart-rules';
import { readQuery, type StartAnswer } from '../dashboard/query';
import { presetPeriod, rangeDays, type Period } from '../dates/periods';

/**
 * Last 3 months: copies are found a few a week, so the pages open on a quarter of them rather than the
 * dashboard's 28 days.
 */
export const ILLEGAL_DEFAULT_PERIOD = '89';

export type IllegalView = 'table' | 'chart';

export interface IllegalQuery {
  view: IllegalView;
  period: Period;
  channels: string[];
  titles: number[];
  group: IllegalTableGroup;
  /** null: the table's default (found day for copies, copies for groups). */
  sort: IllegalSortColumn | null;
  order: 'asc' | 'desc';
  page: number;
  metric: IllegalChartGroup;
  breakdown: IllegalBreakdown;
  summary: boolean;
  /** null: the default bucket size for the range. */
  chartPeriod: ChartPeriod | null;
}

/** The highest page a URL may name (the API's bound). */
const MAX_URL_PAGE = 100_000;

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  values.includes(raw as T) ? (raw as T) : fallback;

/**
 * Reads the page's URL; anything missing or unreadable takes its default (period: the last 3 months).
 * @example readIllegalQuery('chart', '?metric=earns&breakdown=country&summary=1', '2026-11-25')
 */
export function readIllegalQuery(view: IllegalView, search: string, today: string): IllegalQuery {
  const params = new URLSearchParams(search);
  const common = readQuery(search, today);
  const period = common.period ?? (presetPeriod(ILLEGAL_DEFAULT_PERIOD, today) as Period);
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    view,
    period,
    channels: common.channels,
    titles: common.titles,
    group: oneOf(ILLEGAL_TABLE_GROUPS, params.get('group'), 'none'),
    sort: ILLEGAL_SORT_COLUMNS.includes(sort as IllegalSortColumn) ? (sort as IllegalSortColumn) : null,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_URL_PAGE ? page : 1,
    metric: oneOf(ILLEGAL_CHART_GROUPS, params.get('metric'), 'none'),
    breakdown: oneOf(ILLEGAL_BREAKDOWNS, params.get('breakdown'), 'channel'),
    summary: params.get('summary') === '1',
    chartPeriod: fittingPeriod(common.chartPeriod, period),
  };
}

/** The asked bucket size when the period allows it, else null (the default; always for Lifetime, whose length the server settles). */
function fittingPeriod(asked: ChartPeriod | null, period: Period): ChartPeriod | null {
  if (!asked || !period.from || !period.to) return null;
  return chartPeriodsFor(rangeDays(period.from, period.to)).includes(asked) ? asked : null;
}

/** The page's path and query string, stable in key order so reloads and shares compare equal. */
export function illegalUrl(query: IllegalQuery): string {
  const params = new URLSearchParams({ period: query.period.value });
  if (query.period.custom && query.period.from && query.period.to) {
    params.set('from', query.period.from);
    params.set('to', query.period.to);
  }
  if (query.channels.length) params.set('channels', query.channels.join(','));
  if (query.titles.length) params.set('titles', query.titles.join(','));
  if (query.group !== 'none') params.set('group', query.group);
  if (query.sort) params.set('sort', query.sort);
  if (query.order === 'asc') params.set('order', 'asc');
  if (query.page > 1) params.set('page', String(query.page));
  if (query.metric !== 'none') params.set('metric', query.metric);
  if (query.breakdown !== 'channel') params.set('breakdown', query.breakdown);
  if (query.summary) params.set('summary', '1');
  if (query.chartPeriod) params.set('by', query.chartPeriod);
  return `/illegal/${query.view}?${params.toString().replace(/%2C/g, ',')}`;
}

function filters(query: IllegalQuery, showTitle: boolean) {
  return {
    date_from: query.period.from ?? undefined,
    date_to: query.period.to ?? undefined,
    channels: query.channels.length ? query.channels : undefined,
    titles: showTitle && query.titles.length ? query.titles : undefined,
  };
}

/** The table call's body for a query. */
export function tableBody(query: IllegalQuery, showTitle: boolean): Sendable<IllegalTableBody> {
  return { ...filters(query, showTitle), group_by: query.group, sort: query.sort ?? undefined, order: query.order, page: query.page };
}

/** The chart call's body for a query. */
export function chartBody(query: IllegalQuery, showTitle: boolean): Sendable<IllegalChartBody> {
  return {
    ...filters(query, showTitle),
    group_by: query.metric,
    breakdown: query.breakdown,
    summary: query.summary,
    chart_period: query.chartPeriod ?? undefined,
  };
}

/** What the server renders an /illegal page with: the settled query, the filter lists and the view's answer. */
export interface IllegalStart {
  query: IllegalQuery;
  channels: { value: string; label: string }[];
  titles: { value: string; label: string }[];
  table: StartAnswer<IllegalTableAnswer>;
  chart: StartAnswer<IllegalChartAnswer>;
}
