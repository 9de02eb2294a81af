// The public calls' parameters: query strings and form bodies share one zod parser.
import * as z from 'zod';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/validate';
import { MS_PER_DAY } from '../../lib/dates/time';

/** The first month a public period may name: public figures and the trends picker start in 2014. */
export const FIRST_PUBLIC_MONTH = '2014-01';
/** A period may name the month of the day this many days past now (UTC): visitors' clocks run ahead of UTC. */
export const PUBLIC_DAYS_AFTER_NOW = 2;
const PERIOD_PATTERN = /^(now|\d{4}-(0[1-9]|1[0-2])(-\d{2})?)$/;

/** 'now' (the 30 days to the latest snapshot) or a month 'YYYY-MM'; the old client also sent 'YYYY-MM-DD'. */
export const periodSchema = z
  .string()
  .trim()
  .regex(PERIOD_PATTERN, "must be 'now' or a month like 2026-10")
  .transform((value) => (value === 'now' ? value : value.slice(0, 7)))
  .refine((value) => value === 'now' || value >= FIRST_PUBLIC_MONTH, `must be 'now' or a month from ${FIRST_PUBLIC_MONTH} on`)
  .default('now');

/** The last month a period may name at a given time. */
export function latestPublicMonth(now: Date): string {
  return new Date(now.getTime() + PUBLIC_DAYS_AFTER_NOW * MS_PER_DAY).toISOString().slice(0, 7);
}

/**
 * Throws a 400 naming `period` when it is a month outside FIRST_PUBLIC_MONTH..latestPublicMonth(now);
 * malformed values are left to the call's own schema.
 * @example checkPeriodBounds(new URLSearchParams('period=9999-12'), new Date()) // throws
 */
export function checkPeriodBounds(params: URLSearchParams, now: Date): void {
  const latest = latestPublicMonth(now);
  for (const key of ['period', 'period[]']) {
    for (const raw of params.getAll(key)) {
      const value = raw.trim();
      if (!PERIOD_PATTERN.test(value) || value === 'now') continue;
      const month = value.slice(0, 7);
      if (month < FIRST_PUBLIC_MONTH || month > latest) {
        throw badRequest(`period: must be 'now' or a month from ${FIRST_PUBLIC_MONTH} to ${latest}`);
      }
    }
  }
}

/** Empty strings count as absent, so "?lang=&country=US" means no language filter. */
export const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().optional());

/**
 * Parses URLSearchParams (repeated keys become arrays) with a schema; a bad value is a 400 naming it.
 * @example const q = parseParams(rankingSchema, params)
 */
export function parseParams<S extends z.ZodType>(schema: S, params: URLSearchParams): z.infer<S> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    raw[name] = values.length > 1 || key.endsWith('[]') ? values : values[0]!;
  }
  return parseInput(schema, raw);
}
