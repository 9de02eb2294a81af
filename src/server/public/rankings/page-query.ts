// The rankings pages' query: values the selects do not offer fall back to their defaults with a note
// (one rule for every public page, see page-filters.ts) instead of an error page or an empty list.
import { resolveFilter } from '../../../lib/public/filter-fallback';
import { RANKING_METRICS, RANKING_METRIC_PARAM } from '../../../lib/public/ranking-columns';
import { readPageFilters, type FilterLists } from '../page-filters';
import { RANKING_LIMIT, type RankingMetric, type TopChannelsQuery, type TopNetworksQuery } from './query';

interface PageQuery<Q> {
  query: Q;
  notes: string[];
}

/** /channels: lang, category, country, period and the metric it is ranked by (subscribers unless the URL says). */
export function readChannelsPageQuery(url: URL, lists: FilterLists): PageQuery<TopChannelsQuery> {
  const { filters, notes } = readPageFilters(url.searchParams, lists, ['lang', 'category', 'country', 'period']);
  const metric = resolveFilter(url.searchParams.get(RANKING_METRIC_PARAM), {
    key: RANKING_METRIC_PARAM,
    noun: 'ranking',
    fallback: 'subscriber_count',
    fallbackLabel: 'the ranking by subscribers',
    options: RANKING_METRICS.map((m) => ({ value: m.key, label: m.label })),
  });
  return {
    query: { ...filters, metric: metric.value as RankingMetric, limit: RANKING_LIMIT },
    notes: metric.note ? [...notes, metric.note] : notes,
  };
}

/** /networks: lang, country, period; ranked by monthly views. */
export function readNetworksPageQuery(url: URL, lists: FilterLists): PageQuery<TopNetworksQuery> {
  const { filters, notes } = readPageFilters(url.searchParams, lists, ['lang', 'country', 'period']);
  return {
    query: { lang: filters.lang, country: filters.country, period: filters.period, metric: 'monthly_views', limit: RANKING_LIMIT },
    notes,
  };
}
