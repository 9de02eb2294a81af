// The error envelope every failed API call answers (src/lib/api/errors.ts), as tests expect it.
import { expect } from 'vitest';

/** A request id the app made itself (tests send no cf-ray): a random UUID. */
export const MADE_REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The answer of a failed call with this error (a string or an asymmetric matcher) and a request id.
 * @example expect(await res.json()).toEqual(errorAnswer('Please sign in.'))
 */
export function errorAnswer(error: unknown) {
  return { error, request_id: expect.stringMatching(MADE_REQUEST_ID) as unknown };
}
