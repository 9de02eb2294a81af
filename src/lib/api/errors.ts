// The answer of every failed API call (the server's app.onError and notFound), declared once for server,
// browser and tests.

/**
 * A failed call: a sentence a person can act on, and the id of the request, the same as its
 * X-Request-Id header and its log lines, so a reported failure can be found in the logs.
 */
export interface ErrorAnswer {
  error: string;
  request_id: string;
}
