// /find's filters as a visitor typed them, checked field by field: a bad field gets a message in words and
// falls back alone, so the rest of the search stands (the form and the page's URL both go through here).
import { RANGE_KEYS, defaultFilters, rangeParam, type RangeKey, type SearchFilters } from './query';
import { SEARCH_MAX_CHARS } from './text';

/** A search holds at most this many keyword chips. */
export const MAX_KEYWORDS = 10;
/** Larger than any YouTube counter; keeps bound values within SQLite's integers. */
export const MAX_RANGE_BOUND = 1e15;

/** How each range reads in a message: 'Minimum subscribers'. */
export const RANGE_NAMES: Record<RangeKey, string> = {
  monthly_views: 'monthly views',
  subscriber_count: 'subscribers',
  avg_views: 'average views per video',
};

/** The fields a message can be about; ranges are one field each (min and max together). */
export type SearchField = 'keywords' | 'categories' | RangeKey;
export type FieldErrors = Partial<Record<SearchField, string>>;

/** The form's values as typed: text, not yet numbers. */
export interface RawSearchForm {
  keywords: string[];
  categories: string[];
  country: string;
  lang: string;
  ranges: Record<RangeKey, { min: string | null; max: string | null }>;
}

/** A value quoted back to the visitor is cut to this many characters. */
const QUOTE_MAX_CHARS = 20;
const quote = (text: string) => `“${text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS)}…` : text}”`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The form's values from query or form entries (keywords and categories repeat, or come as comma lists).
 * @example rawSearchForm(new URLSearchParams('form_str=lofi&form_subscriber_count_min=abc'))
 */
export function rawSearchForm(entries: Iterable<readonly [string, string]>): RawSearchForm {
  const pairs = [...entries].map(([key, value]) => [key.endsWith('[]') ? key.slice(0, -2) : key, value] as const);
  const all = (key: string) =>
    pairs
      .filter(([k]) => k === key)
      .flatMap(([, v]) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
  const one = (key: string) => pairs.find(([k]) => k === key)?.[1] ?? null;
  const ranges = Object.fromEntries(
    RANGE_KEYS.map((key) => [key, { min: one(rangeParam(key, 'min')), max: one(rangeParam(key, 'max')) }]),
  ) as RawSearchForm['ranges'];
  return {
    keywords: [...new Set(all('form_str'))],
    categories: all('category'),
    country: (one('country') ?? '').trim(),
    lang: (one('lang') ?? '').trim(),
    ranges,
  };
}

/** One bound as typed: absent (null), a number (empty = 0 = no bound), or what is wrong with it. */
function readBound(text: string | null, name: string): number | null | { error: string } {
  if (text === null) return null;
  const cleaned = text.replace(/[\s,_]/g, '');
  if (cleaned === '') return 0;
  if (!/^-?\d+$/.test(cleaned)) return { error: `${name} must be a whole number; ${quote(text.trim())} is not` };
  const value = Number(cleaned);
  if (value < 0) return { error: `${name} must be 0 or more` };
  if (value > MAX_RANGE_BOUND) return { error: `${name} is too large` };
  return value;
}

function checkRange(
  key: RangeKey,
  raw: RawSearchForm['ranges'][RangeKey],
  pageDefaults: boolean,
): { min: number; max: number } | { error: string } {
  const fallback = pageDefaults ? defaultFilters().ranges[key] : { min: 0, max: 0 };
  const min = readBound(raw.min, capital(`minimum ${RANGE_NAMES[key]}`));
  const max = readBound(raw.max, capital(`maximum ${RANGE_NAMES[key]}`));
  if (min !== null && typeof min === 'object') return min;
  if (max !== null && typeof max === 'object') return max;
  const range = { min: min ?? fallback.min, max: max ?? fallback.max };
  if (range.min > 0 && range.max > 0 && range.min > range.max) {
    return { error: `${capital(`minimum ${RANGE_NAMES[key]}`)} must not be above the maximum` };
  }
  return range;
}

function checkKeywords(keywords: string[]): { keywords: string[]; error?: string } {
  const tooLong = keywords.filter((k) => k.length > SEARCH_MAX_CHARS);
  const fitting = keywords.filter((k) => k.length <= SEARCH_MAX_CHARS);
  if (tooLong.length > 0) {
    return {
      keywords: fitting.slice(0, MAX_KEYWORDS),
      error: `A keyword can be at most ${SEARCH_MAX_CHARS} characters; ${quote(tooLong[0] ?? '')} has ${tooLong[0]?.length}`,
    };
  }
  if (keywords.length > MAX_KEYWORDS) {
    return {
      keywords: keywords.slice(0, MAX_KEYWORDS),
      error: `At most ${MAX_KEYWORDS} keywords can be searched together; there are ${keywords.length}`,
    };
  }
  return { keywords };
}

/**
 * The filters the form's values make and a message for each field that could not be used; such a field
 * takes its default (a range) or loses what is wrong (keywords past the 10th or too long, unknown
 * category ids) and every other field stays as given. `pageDefaults`: an absent monthly views minimum
 * is /find's 10,000 rather than no bound.
 * @example checkSearchForm(rawSearchForm(params), true).errors // { subscriber_count: 'Minimum subscribers must not be above the maximum' }
 */
export function checkSearchForm(raw: RawSearchForm, pageDefaults = true): { filters: SearchFilters; errors: FieldErrors } {
  const filters = defaultFilters();
  if (!pageDefaults) filters.ranges.monthly_views.min = 0;
  const errors: FieldErrors = {};
  const keywords = checkKeywords(raw.keywords);
  filters.keywords = keywords.keywords;
  if (keywords.error) errors.keywords = keywords.error;
  const ids = raw.categories.filter((c) => /^\d+$/.test(c) && Number(c) > 0).map(Number);
  filters.categories = [...new Set(ids)];
  const badCategory = raw.categories.find((c) => !/^\d+$/.test(c) || Number(c) <= 0);
  if (badCategory !== undefined) errors.categories = `Unknown category ${quote(badCategory)}`;
  filters.country = raw.country.toUpperCase();
  filters.lang = raw.lang;
  for (const key of RANGE_KEYS) {
    const range = checkRange(key, raw.ranges[key], pageDefaults);
    if ('error' in range) errors[key] = range.error;
    else filters.ranges[key] = range;
  }
  return { filters, errors };
}

/** What the visitor typed in each range that could not be used, to show it again beside its message. */
export type TypedRanges = Partial<Record<RangeKey, { min: string; max: string }>>;

/**
 * The typed bounds of the ranges that have a message.
 * @example typedRanges(raw, { subscriber_count: '…' }) // { subscriber_count: { min: '5000', max: '100' } }
 */
export function typedRanges(raw: RawSearchForm, errors: FieldErrors): TypedRanges {
  const out: TypedRanges = {};
  for (const key of RANGE_KEYS) {
    if (errors[key]) out[key] = { min: raw.ranges[key].min ?? '', max: raw.ranges[key].max ?? '' };
  }
  return out;
}
