// Options of the public pages' filter selects, from the filter lists (docs/public-stats.md, "Common to every screen").
import type { CategoryOption, CountryOption, LanguageOption, PeriodOption } from '../../lib/api/public-global';

/** One option of a filter select. */
export interface FilterOption {
  value: string;
  label: string;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** 'now' first (Last 30 days), then the months as "Oct 26" with values 'YYYY-MM'. */
export function periodOptions(periods: PeriodOption[]): FilterOption[] {
  return [
    { value: 'now', label: 'Last 30 days' },
    ...periods.map((p) => ({ value: p.period.slice(0, 7), label: MONTH.format(new Date(`${p.period}T00:00:00Z`)) })),
  ];
}

export const languageOptions = (list: LanguageOption[]): FilterOption[] =>
  list.map((l) => ({ value: l.language_code, label: l.english_name }));

export const categoryOptions = (list: CategoryOption[]): FilterOption[] =>
  list.map((c) => ({ value: String(c.category_id), label: c.category_name }));

export const countryOptions = (list: CountryOption[]): FilterOption[] => list.map((c) => ({ value: c.code2, label: c.country_name }));
