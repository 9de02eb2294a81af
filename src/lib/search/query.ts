// The /find filter state and its query-string form, shared by the page, the island and the search call.

/** Results come in batches of this many (docs/public-stats.md, "Channel search"). */
export const SEARCH_BATCH = 21;
/** /find opens with this monthly views minimum when the URL does not say otherwise. */
export const DEFAULT_MONTHLY_VIEWS_MIN = 10_000;

/** The three range filters: query keys are form_{key}_min and form_{key}_max. */
export const RANGE_KEYS = ['monthly_views', 'subscriber_count', 'avg_views'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

export interface Range {
  /** 0 = no bound. */
  min: number;
  max: number;
}

export interface SearchFilters {
  keywords: string[];
  categories: number[];
  country: string;
  lang: string;
  ranges: Record<RangeKey, Range>;
}

export const rangeParam = (key: RangeKey, end: 'min' | 'max') => `form_${key}_${end}`;

/** The filters of a fresh /find. */
export function defaultFilters(): SearchFilters {
  return {
    keywords: [],
    categories: [],
    country: '',
    lang: '',
    ranges: {
      monthly_views: { min: DEFAULT_MONTHLY_VIEWS_MIN, max: 0 },
      subscriber_count: { min: 0, max: 0 },
      avg_views: { min: 0, max: 0 },
    },
  };
}

/**
 * The filters as query values (empty ones left out; a 0 bound is kept when it differs from the
 * page's default, so "no minimum" survives a reload). Keywords and categories repeat their key.
 * @example new URLSearchParams(filtersToParams(f)).toString()
 */
export function filtersToParams(filters: SearchFilters): [string, string][] {
  const out: [string, string][] = [];
  for (const keyword of filters.keywords) out.push(['form_str', keyword]);
  for (const category of filters.categories) out.push(['category', String(category)]);
  if (filters.country) out.push(['country', filters.country]);
  if (filters.lang) out.push(['lang', filters.lang]);
  const defaults = defaultFilters().ranges;
  for (const key of RANGE_KEYS) {
    for (const end of ['min', 'max'] as const) {
      const value = filters.ranges[key][end];
      if (value !== 0 || defaults[key][end] !== 0) out.push([rangeParam(key, end), String(value)]);
    }
  }
  return out;
}
