// Everything the /global page shows, read at once for the server-rendered page.
import type { PublicContext } from '../context';
import { listTrendCountries } from '../lists';
import { getFilterLists, type FilterLists } from '../page-filters';
import { getTrendItems } from '../trends';
import type { GlobalFilters } from './filters';
import { getDiffReport, getLatestDay, getMainGraph } from './overview';
import { getCategoryReports, getCountryReports, getLanguageReports } from './reports';
import { getChannelsByViews, getGlobalTopNetworks, GLOBAL_TOP_LIMIT, pickTrending, TRENDING_POOL } from './top';
import type { TrendVideo } from '../../../lib/api/public-trends';

/** The country trends block: 3 countries ... */
export const TREND_COUNTRIES = 3;
/** ... each with its current top videos. */
export const TREND_VIDEOS_PER_COUNTRY = 4;
/** Countries offered first when the filter names none (the biggest charts). */
const PREFERRED_TREND_COUNTRIES = ['US', 'GB', 'IN', 'BR', 'DE', 'FR', 'JP', 'RU', 'MX', 'KR'];

export interface CountryTrends {
  country_code2: string;
  country_name: string;
  videos: TrendVideo[];
}

/** The 3 countries of the trends block: the filter's country first, then the preferred ones. */
export function pickTrendCountries(available: readonly string[], filterCountry: string | undefined): string[] {
  const has = new Set(available);
  const order = [filterCountry, ...PREFERRED_TREND_COUNTRIES, ...available].filter((c): c is string => !!c && has.has(c));
  return [...new Set(order)].slice(0, TREND_COUNTRIES);
}

async function getCountryTrends(ctx: PublicContext, filterCountry: string | undefined): Promise<CountryTrends[]> {
  const countries = await listTrendCountries(ctx);
  const names = new Map(countries.map((c) => [c.code2, c.country_name]));
  const picked = pickTrendCountries(
    countries.map((c) => c.code2),
    filterCountry,
  );
  // Independent charts: asked together, answered together.
  const charts = await Promise.all(picked.map((country) => getTrendItems(ctx, { country, limit: TREND_VIDEOS_PER_COUNTRY, offset: 0 })));
  return picked.map((code, i) => ({ country_code2: code, country_name: names.get(code) ?? code, videos: charts[i]?.data ?? [] }));
}

/**
 * The page's blocks and filter options; the reads are independent, so they run together. The page
 * passes the lists it checked the URL's filters against, so they are not read twice.
 * @example const page = await getGlobalPage(ctx, readPageFilters(url.searchParams, lists, keys).filters, lists)
 */
export async function getGlobalPage(ctx: PublicContext, filters: GlobalFilters, known?: FilterLists) {
  const [lists, diff, graph, countryReports, categoryReports, languageReports, pool, topNetworks, countryTrends, latestDay] =
    await Promise.all([
      known ?? getFilterLists(ctx),
      getDiffReport(ctx, filters),
      getMainGraph(ctx, filters),
      getCountryReports(ctx, filters),
      getCategoryReports(ctx, filters),
      getLanguageReports(ctx, filters),
      getChannelsByViews(ctx, filters, TRENDING_POOL),
      getGlobalTopNetworks(ctx, filters),
      getCountryTrends(ctx, filters.country),
      getLatestDay(ctx),
    ]);
  // One read of the channels by views feeds both lists: the top 5 are its head (same order and ties).
  const topChannels = pool.slice(0, GLOBAL_TOP_LIMIT);
  const trending = pickTrending(ctx, filters, pool);
  return {
    options: lists,
    /** The newest snapshot day: the graph's last month is unfinished unless this is its last day. */
    latestDay,
    diff,
    graph,
    countryReports,
    categoryReports,
    languageReports,
    topChannels,
    topNetworks,
    trending,
    countryTrends,
  };
}

export type GlobalPage = Awaited<ReturnType<typeof getGlobalPage>>;
