// The public pages' filters (lang, category, country, period) checked against the lists the selects offer:
// one place, so every page falls back to its defaults the same way and says so.
import { monthOfPeriod, resolveFilters, type FilterSpec } from '../../lib/public/filter-fallback';
import { NOW_LABEL } from '../../lib/formats/global-format';
import type { PublicContext } from './context';
import { listCategories, listChannelCountries, listLanguages, listPeriods } from './lists';
import type { CategoryOption, CountryOption, LanguageOption, PeriodOption } from '../../lib/api/public-global';

export interface FilterLists {
  languages: LanguageOption[];
  categories: CategoryOption[];
  countries: CountryOption[];
  periods: PeriodOption[];
}

export type FilterKey = 'lang' | 'category' | 'country' | 'period';

/** The filters a page applies: absent keys are no filter; period is 'now' or 'YYYY-MM'. */
export interface PageFilters {
  lang?: string;
  category?: number;
  country?: string;
  period: string;
}

/** The four lists, read together (independent reads). */
export async function getFilterLists(ctx: PublicContext): Promise<FilterLists> {
  const [languages, categories, countries, periods] = await Promise.all([
    listLanguages(ctx),
    listCategories(ctx),
    listChannelCountries(ctx),
    listPeriods(ctx),
  ]);
  return { languages, categories, countries, periods };
}

function specs(lists: FilterLists): Record<FilterKey, FilterSpec> {
  return {
    lang: {
      key: 'lang',
      noun: 'language',
      fallback: '',
      fallbackLabel: 'all languages',
      options: lists.languages.map((l) => ({ value: l.language_code, label: l.english_name })),
    },
    category: {
      key: 'category',
      noun: 'category',
      fallback: '',
      fallbackLabel: 'all categories',
      options: lists.categories.map((c) => ({ value: String(c.category_id), label: c.category_name })),
    },
    country: {
      key: 'country',
      noun: 'country',
      fallback: '',
      fallbackLabel: 'all countries',
      options: lists.countries.map((c) => ({ value: c.code2, label: c.country_name })),
    },
    period: {
      key: 'period',
      noun: 'period',
      fallback: 'now',
      fallbackLabel: `the ${NOW_LABEL.toLowerCase()}`,
      normalize: monthOfPeriod,
      options: lists.periods.map((p) => ({ value: p.period.slice(0, 7), label: p.period.slice(0, 7) })),
    },
  };
}

/** The fallback rule of one filter, for pages with filters of their own (/find). */
export function filterSpec(lists: FilterLists, key: FilterKey): FilterSpec {
  return specs(lists)[key];
}

/**
 * A page's filters from its URL: each value the selects do not offer falls back to its default, with a
 * note for the visitor ("Unknown country XX: showing all countries").
 * @example const { filters, notes } = readPageFilters(url.searchParams, lists, ['lang', 'country', 'period'])
 */
export function readPageFilters(
  params: URLSearchParams,
  lists: FilterLists,
  keys: readonly FilterKey[],
): { filters: PageFilters; notes: string[] } {
  const all = specs(lists);
  const { values, notes } = resolveFilters(
    params,
    keys.map((key) => all[key]),
  );
  const filters: PageFilters = { period: values.period || 'now' };
  if (values.lang) filters.lang = values.lang;
  if (values.category) filters.category = Number(values.category);
  if (values.country) filters.country = values.country;
  return { filters, notes };
}
