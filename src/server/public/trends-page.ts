// What /trends shows for its URL (country, hour, page), read once for the page and its CSV: a country the
// select does not offer falls back as the page says, and a failed read leaves its block empty.
import type { CountryOption } from '../../lib/api/public-global';
import type { TrendItems } from '../../lib/api/public-trends';
import { isCountryCode, readTrendsQuery, resolveTrendCountry, TRENDS_PER_PAGE, type TrendsPageQuery } from '../../lib/trends/page';
import type { PublicContext } from './context';
import { listTrendCountries } from './lists';
import { knownCountry } from './trend-params';
import { getTrendItems } from './trends';

export interface TrendsChart {
  /** The URL's query (its country as given). */
  query: TrendsPageQuery;
  /** The countries that have charts (the select's options). */
  countries: CountryOption[];
  /** The country shown, and the note when it is not the one asked for. */
  country: string;
  note: string | null;
  /** The page's videos; `hour` is the chart hour used (the asked one or the nearest earlier). */
  items: TrendItems;
}

const EMPTY: TrendItems = { data: [], count: 0, hour: null };

/**
 * The chart page of the URL's country, hour and page.
 * @example const { country, items } = await loadTrendsChart(ctx, url.searchParams)
 */
export async function loadTrendsChart(ctx: PublicContext, params: URLSearchParams): Promise<TrendsChart> {
  const query = readTrendsQuery(params, ctx.now);
  const itemsOf = (country: string) =>
    getTrendItems(ctx, { country, hour: query.hour, limit: TRENDS_PER_PAGE, offset: (query.page - 1) * TRENDS_PER_PAGE }).catch(
      () => EMPTY,
    );
  // Independent reads, started together; a failed one leaves its block empty.
  const [countries, askedItems] = await Promise.all([
    listTrendCountries(ctx).catch((): CountryOption[] => []),
    isCountryCode(query.country) ? itemsOf(query.country) : Promise.resolve(EMPTY),
  ]);
  // A real country without charts keeps its (empty) page; anything else (XX, a malformed value) shows the
  // default country with a note, as every public page does.
  const charted = countries.map((c) => c.code2);
  const known =
    isCountryCode(query.country) && !charted.includes(query.country) && (await knownCountry(ctx, query.country).catch(() => false));
  const { country, note } = resolveTrendCountry(query.country, charted, known);
  const items = country === query.country ? askedItems : await itemsOf(country);
  return { query, countries, country, note, items };
}
