// Reads a request body the way the spec's client sends it: JSON, or form encoding under stat/search.
import type { Context } from 'hono';
import { badRequest } from './errors';

/** Paths whose bodies the spec's client form-encodes. */
const FORM_PATH = /\/stat\/search(\/|$)/;

/**
 * The parsed body as a plain object; an empty body reads as {}.
 * @example const body = parseInput(schema, await readBody(c))
 */
export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = await c.req.text();
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
