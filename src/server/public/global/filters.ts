// The global page's filters (lang, category, country, period) and the WHERE they make on global_stats.
import * as z from 'zod';
import { and, type Fragment, raw, sql } from '../../db/sql';
import { shiftMonth } from '../../ingest/rollup/periods';
import { addDays, monthOf } from '../../../lib/dates/time';
import { optionalText, parseParams, periodSchema } from '../params';

/** The unknown country in global_stats (rows of channels without one; category 0 and language '' likewise). */
export const UNKNOWN_COUNTRY = 'ZZ';

const languageSchema = optionalText.pipe(
  z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, 'must be a language code like en or pt-PT')
    .optional(),
);
const categorySchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int('must be a category id').min(1, 'must be a category id').max(44, 'must be a category id').optional(),
);
const countrySchema = optionalText.pipe(
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((v) => v.toUpperCase())
    .optional(),
);

export const globalFilterSchema = z.object({
  lang: languageSchema,
  category: categorySchema,
  country: countrySchema,
  period: periodSchema,
});

export type GlobalFilters = z.infer<typeof globalFilterSchema>;

/** Filters of a compatibility call; a bad value is a 400 naming it. */
export function readGlobalFilters(params: URLSearchParams): GlobalFilters {
  return parseParams(globalFilterSchema, params);
}

/** Filters as a query string for links and calls (empty values left out, period always given). */
export function filtersQuery(filters: GlobalFilters): string {
  const query = new URLSearchParams();
  if (filters.lang) query.set('lang', filters.lang);
  if (filters.category !== undefined) query.set('category', String(filters.category));
  if (filters.country) query.set('country', filters.country);
  query.set('period', filters.period);
  return query.toString();
}

/**
 * Conditions of the dimension filters on a table aliased `alias` with the given column names;
 * whitelisted columns, every value bound.
 */
export function dimensionWhere(filters: GlobalFilters, columns: { category: string; language: string; country: string }): Fragment {
  const parts: Fragment[] = [];
  if (filters.category !== undefined) parts.push(sql`${raw(columns.category)} = ${filters.category}`);
  if (filters.lang) parts.push(sql`${raw(columns.language)} = ${filters.lang}`);
  if (filters.country) parts.push(sql`${raw(columns.country)} = ${filters.country}`);
  return and(parts);
}

/** The same conditions on global_stats' own columns. */
export function statsWhere(filters: GlobalFilters): Fragment {
  return dimensionWhere(filters, { category: 'category_id', language: 'language_code', country: 'country_code' });
}

/** Days before the newest snapshot whose month stands for the 30 days before 'now' (see previousPeriod). */
const NOW_PREVIOUS_OFFSET_DAYS = 45;

/**
 * The period a figure is compared with: the month before for a month; for 'now' (the 30 days to the
 * newest snapshot day) the calendar month that best covers the 30 days before it, i.e. the month of
 * the day 45 days before the newest snapshot (the middle of that earlier window).
 * @example previousPeriod('2026-03', null) // '2026-02'; previousPeriod('now', '2026-03-10') // '2026-01'
 */
export function previousPeriod(period: string, latestDay: string | null): string | null {
  if (period !== 'now') return shiftMonth(period, -1);
  if (!latestDay) return null;
  return monthOf(addDays(latestDay, -NOW_PREVIOUS_OFFSET_DAYS));
}
