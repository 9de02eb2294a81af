// The channel search's parameters (POST /stat/search and the /find URL): one zod schema, 400s naming the field.
import * as z from 'zod';
import { badRequest } from '../../http/errors';
import { describeIssue } from '../../http/validate';
import { resolveFilter } from '../../../lib/public/filter-fallback';
import { readPage } from '../../../lib/public/pager';
import { RANGE_KEYS, SEARCH_BATCH, defaultFilters, rangeParam, type RangeKey, type SearchFilters } from '../../../lib/search/query';
import { checkSearchForm, rawSearchForm, typedRanges, type FieldErrors, type TypedRanges } from '../../../lib/search/form';
import { filterSpec, type FilterLists } from '../page-filters';
import { SEARCH_MAX_CHARS } from '../../../lib/search/text';
import { MAX_KEYWORDS, MAX_RANGE_BOUND } from '../../../lib/search/form';

export { MAX_KEYWORDS };
/** A batch holds at most this many rows. */
export const MAX_SEARCH_COUNT = 100;
/** Rows a search may skip: far past any real result list (the large dataset has 100,000 channels). */
export const MAX_SEARCH_OFFSET = 1_000_000;
/** The last /find page (?page=) whose offset the search call accepts. */
export const MAX_FIND_PAGE = Math.floor(MAX_SEARCH_OFFSET / SEARCH_BATCH) + 1;
/** Categories one search may name: YouTube has 44. */
export const MAX_SEARCH_CATEGORIES = 50;
const MAX_BOUND = MAX_RANGE_BOUND;

/** A list sent as repeated keys, as one comma list, or both; empty items dropped. */
const list = (item: z.ZodType) =>
  z.preprocess((v) => {
    if (v === undefined) return [];
    const values = Array.isArray(v) ? v : [v];
    return values
      .flatMap((s) => (typeof s === 'string' ? s.split(',') : [s]))
      .map((s) => (typeof s === 'string' ? s.trim() : s))
      .filter((s) => s !== '');
  }, z.array(item));

/** Empty counts as 0, which means no bound (docs/public-stats.md, "Channel search"). */
const bound = z.preprocess(
  (v) => (v === '' ? 0 : v),
  z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(MAX_BOUND).optional(),
);
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

const rangeShape = Object.fromEntries(
  RANGE_KEYS.flatMap((key) => [
    [rangeParam(key, 'min'), bound],
    [rangeParam(key, 'max'), bound],
  ]),
) as Record<`form_${RangeKey}_${'min' | 'max'}`, typeof bound>;

export const searchSchema = z
  .object({
    form_str: list(z.string().max(SEARCH_MAX_CHARS, `each keyword at most ${SEARCH_MAX_CHARS} characters`)).pipe(
      z.array(z.string()).max(MAX_KEYWORDS, `at most ${MAX_KEYWORDS} keywords`),
    ),
    category: list(
      z.coerce.number().int('must be category ids').positive('must be category ids').max(MAX_BOUND, 'must be category ids'),
    ).pipe(z.array(z.number()).max(MAX_SEARCH_CATEGORIES, `at most ${MAX_SEARCH_CATEGORIES} categories`)),
    country: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
        .optional(),
    ),
    lang: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language code like en')
        .optional(),
    ),
    last: z.preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .int('must be a whole number')
        .min(0, 'must be 0 or more')
        .max(MAX_SEARCH_OFFSET, `must be at most ${MAX_SEARCH_OFFSET}`)
        .default(0),
    ),
    count: z.preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .int('must be a whole number')
        .min(1, 'must be 1 to 100')
        .max(MAX_SEARCH_COUNT, 'must be 1 to 100')
        .default(SEARCH_BATCH),
    ),
    ...rangeShape,
  })
  .superRefine((q, ctx) => {
    for (const key of RANGE_KEYS) {
      const min = q[`form_${key}_min`] ?? 0;
      const max = q[`form_${key}_max`] ?? 0;
      if (min > 0 && max > 0 && min > max) {
        ctx.addIssue({ code: 'custom', path: [rangeParam(key, 'min')], message: `must not be above ${rangeParam(key, 'max')}` });
      }
    }
  });
export type SearchParams = z.infer<typeof searchSchema>;

export interface SearchRequest {
  filters: SearchFilters;
  offset: number;
  count: number;
}

/** Raw values from URLSearchParams: repeated keys (or key[]) become arrays. */
function rawValues(params: URLSearchParams): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const values = params.getAll(key);
    raw[name] = values.length > 1 || key.endsWith('[]') ? values : (values[0] ?? '');
  }
  return raw;
}

function toRequest(q: SearchParams): SearchRequest {
  const filters = defaultFilters();
  filters.keywords = [...new Set(q.form_str as string[])];
  filters.categories = [...new Set(q.category as number[])];
  filters.country = q.country ?? '';
  filters.lang = q.lang ?? '';
  for (const key of RANGE_KEYS) {
    filters.ranges[key] = { min: q[`form_${key}_min`] ?? 0, max: q[`form_${key}_max`] ?? 0 };
  }
  // The call has no default minimum (the page's 10,000 is the page's own).
  if (q.form_monthly_views_min === undefined) filters.ranges.monthly_views.min = 0;
  return { filters, offset: q.last, count: q.count };
}

/**
 * The search call's parameters; a bad one is a 400 naming it. Absent bounds are no bound.
 * @example const req = parseSearchParams(params)
 */
export function parseSearchParams(params: URLSearchParams): SearchRequest {
  const parsed = searchSchema.safeParse(rawValues(params));
  if (!parsed.success) throw badRequest(describeIssue(parsed.error));
  return toRequest(parsed.data);
}

/**
 * The /find URL's search: each field is checked alone (the same rules as the form), so a bad one falls
 * back with a message in words and the rest of the search stands; country, language and categories
 * must be ones the form offers (unknown ones fall back with a note, as on every public page). `page`
 * (1-based, SEARCH_BATCH rows a page) sets the offset, so every result can be reached by links.
 * @example const { request, page, errors, notes } = readFindUrl(url.searchParams, lists)
 */
export function readFindUrl(
  params: URLSearchParams,
  lists: FilterLists,
): { request: SearchRequest; page: number; errors: FieldErrors; typed: TypedRanges; notes: string[] } {
  const raw = rawSearchForm(params.entries());
  const { filters, errors } = checkSearchForm(raw, true);
  const notes: string[] = [];
  for (const key of ['country', 'lang'] as const) {
    const resolved = resolveFilter(raw[key], filterSpec(lists, key));
    filters[key] = resolved.value;
    if (resolved.note) notes.push(resolved.note);
  }
  const known = new Set(lists.categories.map((c) => c.category_id));
  const unknown = filters.categories.filter((id) => !known.has(id));
  if (unknown.length > 0 && !errors.categories) errors.categories = `Unknown category ${unknown.join(', ')}: left out of the search`;
  filters.categories = filters.categories.filter((id) => known.has(id));
  const page = readPage(params.get('page'), MAX_FIND_PAGE);
  return {
    request: { filters, offset: (page - 1) * SEARCH_BATCH, count: SEARCH_BATCH },
    page,
    errors,
    typed: typedRanges(raw, errors),
    notes,
  };
}
