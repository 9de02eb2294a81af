// The dashboard's query state in the URL (period, bucket size, channels, titles) and the stats body built from it.
import type { PostAnswer, Sendable } from '../api/calls';
import type { StatFiltersBody } from '../api/stats';
import { defaultChartPeriod, nextChartPeriod, type ChartPeriod } from '../dates/chart-rules';
import {
  CUSTOM,
  customPeriod,
  isIsoDate,
  MIN_DATE,
  presetFor,
  presetPeriod,
  previousRange,
  rangeDays,
  type Period,
} from '../dates/periods';

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

/**
 * Whether two queries show the same dashboard: the same period (preset or custom, and its days), bucket
 * size, channels and titles. Objects built apart compare equal when they say the same.
 * @example sameQuery(query, { ...query, period: { ...query.period } }) // true
 */
export function sameQuery(a: DashboardQuery, b: DashboardQuery): boolean {
  const sameList = <T>(x: T[], y: T[]) => x.length === y.length && x.every((item, i) => item === y[i]);
  const [p, q] = [a.period, b.period];
  return (
    p.value === q.value &&
    p.from === q.from &&
    p.to === q.to &&
    p.custom === q.custom &&
    a.chartPeriod === b.chartPeriod &&
    sameList(a.channels, b.channels) &&
    sameList(a.titles, b.titles)
  );
}

/** Stable text of the stats body a query sends: two queries with the same key get the same answers. */
export function queryKey(query: DashboardQuery, showTitle: boolean): string {
  return JSON.stringify(statBody(query, showTitle));
}

/**
 * A period as the dashboard applies it once the latest data day is known: rolling presets end on it,
 * custom ranges are kept inside it. The server and the browser settle a URL's period alike.
 * @example settlePeriod(presetPeriod('6', '2026-11-21')!, '2026-11-21', '2026-11-19') // 2026-11-13 .. 2026-11-19
 */
export function settlePeriod(period: Period, today: string, maxDate: string | null): Period {
  if (period.custom && period.from) return customPeriod(period.from, period.to, maxDate);
  return presetFor(period.value, today, maxDate) ?? period;
}

/** The URL's bucket size when it fits the period, else the period's default. */
export function settleChartPeriod(asked: ChartPeriod | null, period: Period, maxDate: string | null, today: string): ChartPeriod {
  const days = periodDays(period, maxDate, today);
  return asked ? nextChartPeriod(asked, days) : defaultChartPeriod(days);
}

/**
 * The URL's items this account has among its own, and how many it named beyond them.
 * @example keepKnown(['UCa', 'UCx'], ['UCa', 'UCb']) // { kept: ['UCa'], dropped: 1 }
 */
export function keepKnown<T>(asked: T[], own: T[]): { kept: T[]; dropped: number } {
  const have = new Set(own);
  const kept = asked.filter((item) => have.has(item));
  return { kept, dropped: asked.length - kept.length };
}

/** A card's answer as the server rendered it: 'idle' when it was not read there (the island loads it). */
export interface StartAnswer<T> {
  status: 'loaded' | 'idle';
  data: T | null;
}

/** Every answer the dashboard's cards open with. */
export interface StartAnswers {
  base: StartAnswer<PostAnswer<'/api/stat/base'>>;
  engagement: StartAnswer<PostAnswer<'/api/stat/engagement'>>;
  geography: StartAnswer<PostAnswer<'/api/stat/location'>>;
  demographics: StartAnswer<PostAnswer<'/api/stat/demographics'>>;
  traffic: StartAnswer<PostAnswer<'/api/stat/traffic'>>;
  forecast: StartAnswer<PostAnswer<'/api/stat/forecast'>>;
  share: StartAnswer<PostAnswer<'/api/stat/share'>>;
}

/**
 * What the server renders /dashboard with (docs/partner-area.md, "Dashboard"): the settled query, the
 * latest data day, what the cards need to know of the account's channels (the filter lists themselves
 * load when the filters are first used) and every card's answer. The island hydrates from it.
 */
export interface DashboardStart {
  query: DashboardQuery;
  maxDate: string | null;
  /** The account's channels: how many, whether the UGC pseudo-channel is among them. */
  channelCount: number;
  hasUgc: boolean;
  /** The name of the one chosen channel or title, for the pickers' buttons before their lists load. */
  channelLabel: string | null;
  titleLabel: string | null;
  /** Channels and titles the URL named that this account cannot see (left out of the query). */
  dropped: { channels: number; titles: number };
  answers: StartAnswers;
}
