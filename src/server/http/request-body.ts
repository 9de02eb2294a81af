// Reads a request body the way the product's browser client sends it: JSON, or form encoding under stat/search.
import type { Context } from 'hono';
import { readLimitedText } from './body-limit';
import { badRequest } from './errors';

/**
 * The largest JSON or form body a route reads: a stats query with every list at its 2,000-item cap
 * stays well under it, and nothing bigger is ever held in memory.
 */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Paths whose bodies the browser client form-encodes. */
const FORM_PATH = /\/stat\/search(\/|$)/;

/**
 * The parsed body as a plain object; an empty body reads as {}. Bodies over MAX_JSON_BODY_BYTES
 * (declared or streamed) are refused with 413 before or while reading.
 * @example const body = parseInput(schema, await readBody(c))
 */
export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = await readLimitedText(c.req.raw, MAX_JSON_BODY_BYTES);
  if (text.trim() === '') return {};
  if (type === 'application/json') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badRequest('The body is not valid JSON.');
    }
  }
  if (type === 'application/x-www-form-urlencoded' && FORM_PATH.test(c.req.path)) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  throw badRequest('Send the body as JSON with Content-Type: application/json.');
}
