// The YouTube search terms call's answer (POST /api/stat/search-terms), read by the server, the browser client and the tests.

/** Views and watch time from YouTube search. */
export interface SearchTermTotals {
  views: number;
  watch_time_minutes: number;
}

/** One term viewers searched for, as YouTube wrote it. */
export interface SearchTerm extends SearchTermTotals {
  term: string;
  /** Percent of the period's YouTube search views, 2 decimals. */
  share: number;
}

/** The filters the terms are not narrowed by, named as the request names them: terms are kept per channel only. */
export type SearchTermsUnfiltered = 'titles' | 'type_video' | 'countries';

/**
 * POST /api/stat/search-terms: the period's YouTube search views, its top terms (most views first) and
 * the rest under `other`: terms below the top list, terms outside a day's stored top list, and searches
 * YouTube names no term for. Terms' views plus `other` add up to the totals.
 */
export interface SearchTermsAnswer extends SearchTermTotals {
  terms: SearchTerm[];
  other: SearchTermTotals & { share: number };
  /** Terms stored per channel-day; a term outside a day's list counts under `other` that day. */
  terms_per_day: number;
  not_filtered_by: SearchTermsUnfiltered[];
}
