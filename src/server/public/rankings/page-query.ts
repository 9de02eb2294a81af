// The rankings pages' query: filter values the selects do not offer fall back to their defaults with a
// note (one rule for every public page, see page-filters.ts); the metric and the page are refused when
// unknown or bad (RankingPageRefusal), so a page never shows another ranking than the one asked for.
import {
  DEFAULT_NETWORK_METRIC,
  DEFAULT_RANKING_METRIC,
  RANKING_PAGE_SIZE,
  type RankingMetricKey,
} from '../../../lib/public/ranking-metrics';
import { pageSpan, RankingPageRefusal, readRankingMetric, readRankingPage, type PageSpan } from '../../../lib/public/ranking-paging';
import { readPageFilters, type FilterLists } from '../page-filters';
import type { TopChannelsQuery, TopNetworksQuery } from './query';

export interface PageQuery<Q> {
  query: Q;
  notes: string[];
}

/**
 * /channels: lang, category, country, period, the metric (subscribers unless the URL says) and the page.
 * @example readChannelsPageQuery(new URL('https://x/channels?metric=earnings&page=2'), lists).query.page // 2
 */
export function readChannelsPageQuery(url: URL, lists: FilterLists): PageQuery<TopChannelsQuery> {
  const metric = readRankingMetric(url, DEFAULT_RANKING_METRIC);
  const page = readRankingPage(url);
  const { filters, notes } = readPageFilters(url.searchParams, lists, ['lang', 'category', 'country', 'period']);
  return { query: { ...filters, metric, page, limit: RANKING_PAGE_SIZE }, notes };
}

/** /networks: lang, country, period, the metric (monthly views unless the URL says) and the page. */
export function readNetworksPageQuery(url: URL, lists: FilterLists): PageQuery<TopNetworksQuery> {
  const metric = readRankingMetric(url, DEFAULT_NETWORK_METRIC);
  const page = readRankingPage(url);
  const { filters, notes } = readPageFilters(url.searchParams, lists, ['lang', 'country', 'period']);
  return {
    query: { lang: filters.lang, country: filters.country, period: filters.period, metric, page, limit: RANKING_PAGE_SIZE },
    notes,
  };
}

/** A ranking page's read: its query and rows with their place, or the refusal its URL gets (a 4xx page). */
export interface RankingPageLoad<Q, R> {
  page: PageQuery<Q> | null;
  rows: R[];
  span: PageSpan | null;
  refusal: RankingPageRefusal | null;
}

/**
 * Reads a ranking page's URL and its rows; a bad metric, page or limit, or a page past the last, comes back
 * as the refusal (the page answers with its status), anything else is thrown.
 * @example const { page, rows, span, refusal } = await loadRankingPage(url, () => readChannelsPageQuery(url, lists), (q) => getTopChannels(ctx, q))
 */
export async function loadRankingPage<Q extends { page: number }, R>(
  url: URL,
  read: () => PageQuery<Q>,
  rank: (query: Q) => Promise<{ rows: R[]; total: number }>,
): Promise<RankingPageLoad<Q, R>> {
  try {
    const page = read();
    const ranking = await rank(page.query);
    return { page, rows: ranking.rows, span: pageSpan(url, page.query.page, ranking.total), refusal: null };
  } catch (error) {
    if (!(error instanceof RankingPageRefusal)) throw error;
    return { page: null, rows: [], span: null, refusal: error };
  }
}

/** /network/{id}: the last 30 days of its channels, by the metric (monthly views unless the URL says), 100 a page. */
export function readNetworkPageQuery(url: URL): PageQuery<{ period: 'now'; metric: RankingMetricKey; page: number; limit: number }> {
  const metric = readRankingMetric(url, DEFAULT_NETWORK_METRIC);
  const page = readRankingPage(url);
  return { query: { period: 'now', metric, page, limit: RANKING_PAGE_SIZE }, notes: [] };
}
