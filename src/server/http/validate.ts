// zod at the request boundary: nulls count as absent, failures become a 400 naming the field.
import * as z from 'zod';
import { badRequest } from './errors';

/** Drops null values (and the old client's isFetching key) from a flat request object. */
export function dropNulls(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== null && k !== 'isFetching'));
}

/** First issue of a zod error as "field: message". */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Parses input with a schema or throws a 400 naming the first bad field.
 * @example const body = parseInput(loginSchema, await readBody(c))
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(dropNulls(input));
  if (!result.success) throw badRequest(describeIssue(result.error));
  return result.data;
}
