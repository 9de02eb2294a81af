// The dashboard's query state in the URL (period, bucket size, channels, titles) and the stats body built from it.
import type { Sendable } from './api/calls';
import type { StatFiltersBody } from './api/stats';
import type { ChartPeriod } from './chart-rules';
import { CUSTOM, customPeriod, isIsoDate, MIN_DATE, presetPeriod, previousRange, rangeDays, type Period } from './periods';

/** Lists in the URL and in request bodies are capped like the API caps them. */
export const MAX_FILTER_ITEMS = 2_000;

export interface DashboardQuery {
  period: Period;
  chartPeriod: ChartPeriod;
  channels: string[];
  titles: number[];
}

/** What a URL asks for; anything missing or unreadable is null / empty. */
export interface UrlQuery {
  period: Period | null;
  chartPeriod: ChartPeriod | null;
  channels: string[];
  titles: number[];
}

const CHART_PERIODS: readonly ChartPeriod[] = ['days', 'week', 'month'];

function list(raw: string | null): string[] {
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ].slice(0, MAX_FILTER_ITEMS);
}

/**
 * Reads a query string; presets are recomputed for `today` so a shared "Last 7 days" stays relative.
 * @example readQuery('?period=custom&from=2025-01-01&to=2025-03-31&channels=UCa,UCb', '2026-11-21')
 */
export function readQuery(search: string, today: string): UrlQuery {
  const params = new URLSearchParams(search);
  const value = params.get('period');
  const from = params.get('from');
  const to = params.get('to');
  let period: Period | null = null;
  if (value === CUSTOM && from && isIsoDate(from) && (!to || isIsoDate(to))) period = customPeriod(from, to, today);
  else if (value) period = presetPeriod(value, today);
  const by = params.get('by') as ChartPeriod | null;
  return {
    period,
    chartPeriod: by && CHART_PERIODS.includes(by) ? by : null,
    channels: list(params.get('channels')),
    titles: list(params.get('titles'))
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  };
}

/** The query string for a state, stable in key order so reloads and shares compare equal. */
export function writeQuery(query: DashboardQuery): string {
  const params = new URLSearchParams({ period: query.period.value });
  if (query.period.custom && query.period.from && query.period.to) {
    params.set('from', query.period.from);
    params.set('to', query.period.to);
  }
  params.set('by', query.chartPeriod);
  if (query.channels.length) params.set('channels', query.channels.join(','));
  if (query.titles.length) params.set('titles', query.titles.join(','));
  return `?${params.toString().replace(/%2C/g, ',')}`;
}

/** The days a period covers; Lifetime counts from the earliest day to the latest data. */
export function periodDays(period: Period, maxDate: string | null, today: string): number {
  return rangeDays(period.from ?? MIN_DATE, period.to ?? maxDate ?? today);
}

/** The filter body of every stats call (contract: dates absent for Lifetime, empty lists absent). */
export function statBody(query: DashboardQuery, showTitle: boolean): Sendable<StatFiltersBody> {
  const compare = previousRange(query.period);
  return {
    date_from: query.period.from,
    date_to: query.period.to,
    chart_period: query.chartPeriod,
    channels: query.channels.length ? query.channels : null,
    titles: showTitle && query.titles.length ? query.titles : null,
    compare_from: compare?.from ?? null,
    compare_to: compare?.to ?? null,
  };
}
