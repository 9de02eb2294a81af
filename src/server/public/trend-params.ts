// Parameters of the trend calls: the chart page, a video and a channel; bad values are a 400 naming the field.
import { raw } from '../db/sql';
import { first } from '../db/query';
import * as z from 'zod';
import { DEFAULT_TREND_COUNTRY, MAX_TREND_COUNTRIES, parseCountryList } from '../../lib/trends/countries';
import { parseTrendHour } from '../../lib/trends/hour';
import { badRequest } from '../http/errors';
import type { PublicContext } from './context';
import { parseParams, periodSchema } from './params';

export const TRENDS_PAGE_LIMIT = 50;
export const TRENDS_MAX_LIMIT = 200;

const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^\d{1,9}$/, 'must be a whole number')
        .optional(),
    )
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** 'US,GB' or repeated values, at most three two-letter codes; absent or empty: null. */
const countryList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, issue) => {
    if (v === undefined) return null;
    const codes = parseCountryList(typeof v === 'string' ? [v] : v);
    if (codes === null) {
      issue.addIssue({ code: 'custom', message: "must be two-letter country codes separated by commas, e.g. 'US,GB'" });
      return z.NEVER;
    }
    if (codes.length > MAX_TREND_COUNTRIES) {
      issue.addIssue({ code: 'custom', message: `at most ${MAX_TREND_COUNTRIES} countries` });
      return z.NEVER;
    }
    return codes.length > 0 ? codes : null;
  });

const hourValue = z.preprocess(blankIsAbsent, z.string().optional()).transform((v, issue) => {
  if (v === undefined) return undefined;
  const hour = parseTrendHour(v);
  if (hour === null) {
    issue.addIssue({ code: 'custom', message: "must be unix seconds or a time like '2026-03-10T17:00'" });
    return z.NEVER;
  }
  return hour;
});

export const trendsMainSchema = z.object({
  limit: wholeNumber(1, TRENDS_MAX_LIMIT, TRENDS_PAGE_LIMIT),
  offset: wholeNumber(0, 100_000_000, 0),
  hour: hourValue,
  country_trends: countryList,
  country: countryList,
});

export const trendVideoSchema = z.object({
  video_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id'),
  country_trends: countryList,
});

export const trendChannelSchema = z.object({
  channel_id: z
    .string()
    .trim()
    .regex(/^UC[A-Za-z0-9_-]{22}$/, "must be a YouTube channel id ('UC' and 22 characters)"),
  period: periodSchema,
  country_trends: countryList,
});

/** The one country of the chart page: country_trends or country (the first code), default US. */
export function mainCountry(q: z.infer<typeof trendsMainSchema>): string {
  return q.country_trends?.[0] ?? q.country?.[0] ?? DEFAULT_TREND_COUNTRY;
}

/**
 * Whether a two-letter code is a country of the countries list (charted or not).
 * @example await knownCountry(ctx, 'FR') // true; await knownCountry(ctx, 'XX') // false
 */
export async function knownCountry(ctx: PublicContext, code: string): Promise<boolean> {
  return (await first(ctx.db, raw('SELECT 1 AS ok FROM countries WHERE code2 = ?1', code), 'sql')) !== null;
}

/** Throws a 400 naming the field when a country code is not a known country. */
export async function requireCountry(ctx: PublicContext, code: string, field = 'country_trends'): Promise<void> {
  if (!(await knownCountry(ctx, code))) throw badRequest(`${field}: unknown country code '${code}'`);
}

/** A trend channel page's id: 'UC' and 22 characters. */
export const TREND_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** A trend video page's id: YouTube's 11 characters. */
export const TREND_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The countries a trend page's URL asks for (country_trends), read leniently as the pages do: a bad list
 * counts as none asked (the page's own first countries), more than three keeps the first three.
 * @example readTrendCountries(new URLSearchParams('country_trends=US,GB')) // ['US', 'GB']
 */
export function readTrendCountries(params: URLSearchParams): string[] | null {
  const asked = parseCountryList(params.getAll('country_trends'))?.slice(0, MAX_TREND_COUNTRIES) ?? null;
  return asked && asked.length > 0 ? asked : null;
}

/**
 * A trend channel page's period: `now` or a month; a bad value falls back to `now` (Last 30 days).
 * @example readTrendPeriod(new URLSearchParams('period=2026-03')) // '2026-03'
 */
export function readTrendPeriod(params: URLSearchParams): string {
  const parsed = periodSchema.safeParse(params.get('period') ?? undefined);
  return parsed.success ? parsed.data : 'now';
}

export { parseParams };
