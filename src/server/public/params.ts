// The public calls' parameters: query strings and form bodies share one zod parser.
import * as z from 'zod';
import { parseInput } from '../validate';

/** 'now' (the 30 days to the latest snapshot) or a month 'YYYY-MM'; the old client also sent 'YYYY-MM-DD'. */
export const periodSchema = z
  .string()
  .trim()
  .regex(/^(now|\d{4}-(0[1-9]|1[0-2])(-\d{2})?)$/, "must be 'now' or a month like 2026-10")
  .transform((value) => (value === 'now' ? value : value.slice(0, 7)))
  .default('now');

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
