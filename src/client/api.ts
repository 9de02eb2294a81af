// Browser calls to our JSON API, typed by the call table of src/lib/api/calls.ts: answers come in
// { data }, failures in { error } (docs/partner-area.md, "Calls").
import type { GetAnswer, GetPath, PostAnswer, PostBody, PostPath, Sendable } from '../lib/api/calls';
import type { ErrorAnswer } from '../lib/api/errors';
import { signInPath } from '../lib/account/return-path';

/**
 * A non-OK answer; message is the server's error text, or the word 'error' when it sent none; requestId
 * names the request in the server's logs, when it answered one.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's Retry-After in seconds (503 busy, 429 throttled), or null when it sent none. */
    readonly retryAfterSeconds: number | null = null,
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
/** Status of an ApiError for a request that got no answer at all. */
export const NO_ANSWER = 0;

/** The status of every call made without a valid session (signed out, expired, or deleted elsewhere). */
export const UNAUTHORIZED = 401;

let leaving = false;

/**
 * For pages that only work signed in: a 401 means the session has ended, so this leaves for the
 * sign-in page, which brings the person back to this address afterwards. True when it did (the
 * caller then shows nothing: the page is going away); every later call is a no-op that says true.
 * @example catch (error) { if (leaveIfSignedOut(error)) return; showToast(errorMessage(error)); }
 */
export function leaveIfSignedOut(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== UNAUTHORIZED) return false;
  if (!leaving) {
    leaving = true;
    window.location.assign(signInPath(`${window.location.pathname}${window.location.search}${window.location.hash}`));
  }
  return true;
}

/**
 * Leaves for url once work is done (signing out): from the start, a 401 of a call still in flight
 * (its session is what work ends) no longer sends the person to sign in and back here instead.
 * @example await leaveAfter('/', () => apiPost('/api/auth/logout', {}))
 */
export async function leaveAfter(url: string, work: () => Promise<unknown>): Promise<void> {
  leaving = true;
  await work().catch(() => undefined);
  window.location.assign(url);
}

/** Null values are not sent (they are removed from bodies and query strings, where the API reads them as absent). */
function withoutNulls(body: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined));
}

/** fetch, with "no answer" turned into an ApiError so callers handle one kind of failure. */
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (error) {
    // An aborted request is the caller's own doing: it stays an AbortError, which callers ignore.
    if (init.signal?.aborted) throw error;
    throw new ApiError(NETWORK_MESSAGE, NO_ANSWER);
  }
}

/** The text to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'error';
}

/** Retry-After in whole seconds; the HTTP-date form is not used by our server and reads as none. */
function retryAfterOf(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  const seconds = header === null || header.trim() === '' ? NaN : Number(header);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * The { data } of an OK answer, or the server's { error } as an ApiError. Not re-validated: T comes
 * from the call table, and the server's routes are checked against it at compile time
 * (src/server/http/api-contract.ts).
 */
async function readData<T>(response: Response): Promise<T> {
  const payload: unknown = await response.json().catch(() => null);
  const envelope = (payload ?? {}) as { data?: T } & Partial<Record<keyof ErrorAnswer, unknown>>;
  if (!response.ok) {
    const message = typeof envelope.error === 'string' && envelope.error !== '' ? envelope.error : 'error';
    throw new ApiError(
      message,
      response.status,
      retryAfterOf(response),
      typeof envelope.request_id === 'string' ? envelope.request_id : null,
    );
  }
  return envelope.data as T;
}

/**
 * POSTs a JSON body to one of the calls of src/lib/api/calls.ts and returns the answer's data, typed
 * by that table: the path names the body it takes and the answer it gets.
 * @example const { new_email } = await apiPost('/api/profile/change_email', { email, current_password })
 */
export async function apiPost<P extends PostPath>(path: P, body: Sendable<PostBody<P>>, signal?: AbortSignal): Promise<PostAnswer<P>> {
  const response = await send(path, {
    method: 'POST',
    signal,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(withoutNulls(body)),
  });
  return readData<PostAnswer<P>>(response);
}

/**
 * GETs one of the calls of src/lib/api/calls.ts, with an optional query string, and returns the
 * answer's data.
 * @example const channels = await apiGet('/api/profile/channels')
 */
export async function apiGet<P extends GetPath>(
  path: P,
  options: { query?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<GetAnswer<P>> {
  const url = options.query ? `${path}?${new URLSearchParams(options.query)}` : path;
  const response = await send(url, { headers: { Accept: 'application/json' }, signal: options.signal });
  return readData<GetAnswer<P>>(response);
}

/**
 * POSTs to a call outside the JSON table of src/lib/api/calls.ts: a multipart form (the support
 * ticket with its file), a URL-encoded form (the public search's compatibility call) or JSON to a path
 * carrying an id (the support inbox). T comes from the call's declaration in src/lib/api/.
 * @example const { id } = await apiPostTo<TicketCreatedAnswer>('/api/create_ticket', form)
 */
export async function apiPostTo<T>(path: string, body: FormData | URLSearchParams | object, signal?: AbortSignal): Promise<T> {
  const isForm = body instanceof FormData || body instanceof URLSearchParams;
  const response = await send(path, {
    method: 'POST',
    signal,
    // A form body sets its own Content-Type (multipart with its boundary, or URL-encoded).
    headers: isForm ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: isForm ? body : JSON.stringify(withoutNulls(body)),
  });
  return readData<T>(response);
}

/**
 * GETs a call outside the JSON table (a path carrying an id: the console's uploads and loads). T comes
 * from the call's declaration in src/lib/api/.
 * @example const load = await apiGetFrom<ConsoleLoadState>(`/api/console/loads/${id}`)
 */
export async function apiGetFrom<T>(path: string): Promise<T> {
  return readData<T>(await send(path, { headers: { Accept: 'application/json' } }));
}

/**
 * PUTs raw bytes (one part of an upload) and returns the answer's data.
 * @example const upload = await apiPutBytes<ConsoleUpload>(`/api/console/uploads/${id}/parts/1`, slice)
 */
export async function apiPutBytes<T>(path: string, bytes: Blob): Promise<T> {
  return readData<T>(
    await send(path, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' }, body: bytes }),
  );
}
