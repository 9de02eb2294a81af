// The bodies of the details calls and the download links, built from the page's state (query.ts).
import type { Sendable } from '../api/calls';
import { TOP_FIELD_OF, type DetailsBody, type DetailsGraphBody, type DetailsMapBody, type DetailsTableBody } from '../api/details';
import { statBody, type DashboardQuery } from '../dashboard/query';
import type { DetailsQuery, DetailsViewer } from './query';

/**
 * The filter body every details call shares: the stat filters (no comparison) with countries, grouping and top field.
 * @example detailsBody({ ...query, id: 'subs' }, viewer).top_field // 'subscribers'
 */
export function detailsBody(query: DetailsQuery, viewer: DetailsViewer): Sendable<DetailsBody> {
  const dashboard: DashboardQuery = {
    period: query.period,
    chartPeriod: query.chartPeriod,
    channels: query.channels,
    titles: query.titles,
  };
  const filters = statBody(dashboard, viewer.showTitle && query.id !== 'subs');
  return {
    date_from: filters.date_from,
    date_to: filters.date_to,
    channels: filters.channels,
    titles: filters.titles,
    countries: query.id !== 'audience' && query.countries.length ? query.countries : null,
    top_field: TOP_FIELD_OF[query.id],
    group: query.group,
  };
}

/**
 * POST /api/stat/details: one page of the table in the chosen order.
 * @example tableBody({ ...query, page: 2 }, viewer, DETAILS_PAGE_SIZE) // { …, page: 2, per_page: 30 }
 */
export function tableBody(query: DetailsQuery, viewer: DetailsViewer, perPage: number): Sendable<DetailsTableBody> {
  return {
    ...detailsBody(query, viewer),
    sort: query.sort.column,
    order: query.sort.column ? query.sort.order : null,
    page: query.page,
    per_page: perPage,
  };
}

/**
 * POST /api/stat/details/graph: the chart's lines by the chosen bucket size.
 * @example graphBody({ ...query, chartPeriod: 'week' }, viewer).group_date // 'week'
 */
export function graphBody(query: DetailsQuery, viewer: DetailsViewer): Sendable<DetailsGraphBody> {
  return { ...detailsBody(query, viewer), group_date: query.chartPeriod };
}

/** The details body as a download's query string parameters (lists comma separated). */
function filterParams(query: DetailsQuery, viewer: DetailsViewer): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(detailsBody(query, viewer))) {
    if (value === null || value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

/**
 * The Views page's traffic sources table as xlsx and CSV: the page's filters, every source.
 * @example trafficExportLinks(query, viewer).csv // '/api/stat/details/traffic/csv?date_from=…&top_field=views&group=channels'
 */
export function trafficExportLinks(query: DetailsQuery, viewer: DetailsViewer): { xlsx: string; csv: string } {
  const text = filterParams(query, viewer).toString().replace(/%2C/g, ',');
  return { xlsx: `/api/stat/details/traffic/xlsx?${text}`, csv: `/api/stat/details/traffic/csv?${text}` };
}

/**
 * The Views page's top search terms table as xlsx and CSV: the page's filters, as the traffic table's.
 * @example searchTermsExportLinks(query, viewer).csv // '/api/stat/details/search-terms/csv?date_from=…&top_field=views&group=channels'
 */
export function searchTermsExportLinks(query: DetailsQuery, viewer: DetailsViewer): { xlsx: string; csv: string } {
  const text = filterParams(query, viewer).toString().replace(/%2C/g, ',');
  return { xlsx: `/api/stat/details/search-terms/xlsx?${text}`, csv: `/api/stat/details/search-terms/csv?${text}` };
}

/**
 * POST /api/stat/details/map: the audience map and pie for the metric radio.
 * @example mapBody({ ...query, graph: 'partner_revenue' }, viewer).graph // 'partner_revenue'
 */
export function mapBody(query: DetailsQuery, viewer: DetailsViewer): Sendable<DetailsMapBody> {
  return { ...detailsBody(query, viewer), graph: query.graph };
}

/**
 * The two download links for the table as shown (filters, grouping, top field, sort): the xlsx file
 * and the CSV, each a GET with the body as query parameters (lists comma separated).
 * @example exportLinks(query, viewer).csv // '/api/stat/details?to_csv=true&date_from=…&top_field=views&group=channels'
 */
export function exportLinks(query: DetailsQuery, viewer: DetailsViewer): { xlsx: string; csv: string } {
  const params = filterParams(query, viewer);
  if (query.sort.column) {
    params.set('sort', query.sort.column);
    params.set('order', query.sort.order);
  }
  const text = params.toString().replace(/%2C/g, ',');
  return { xlsx: `/api/stat/details/xlsx?${text}`, csv: `/api/stat/details?to_csv=true&${text}` };
}
