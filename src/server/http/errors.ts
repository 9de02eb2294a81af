// Typed errors: thrown anywhere in server code, turned into the JSON error envelope by app.onError.

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/** An error whose message a person can act on; safe to return to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'Retry-After': String(retryAfterSeconds) });
/** A part of the install is missing or failing (mail, for one): the message says what to set or do. */
export const unavailable = (message: string) => new HttpError(503, message);
