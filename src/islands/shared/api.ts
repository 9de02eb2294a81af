// Browser calls to our JSON API: answers come in { data }, failures in { error } (spec section 7).

/** A non-OK answer; message is the server's error text, or the word 'error' when it sent none. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
/** Status of an ApiError for a request that got no answer at all. */
export const NO_ANSWER = 0;

/** Null values are not sent (spec: they are removed from bodies and query strings). */
function withoutNulls(body: Record<string, unknown>): Record<string, unknown> {
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

async function readData<T>(response: Response): Promise<T> {
  const payload: unknown = await response.json().catch(() => null);
  const envelope = (payload ?? {}) as { data?: T; error?: unknown };
  if (!response.ok) {
    const message = typeof envelope.error === 'string' && envelope.error !== '' ? envelope.error : 'error';
    throw new ApiError(message, response.status);
  }
  return envelope.data as T;
}

/**
 * POSTs a JSON body and returns the answer's data.
 * @example const { new_email } = await apiPost<{ new_email: string }>('/api/profile/change_email', { email })
 */
export async function apiPost<T = unknown>(
  path: string,
  body: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    signal,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(withoutNulls(body)),
  });
  return readData<T>(response);
}

/** GETs a path and returns the answer's data. */
export async function apiGet<T = unknown>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await send(path, { headers: { Accept: 'application/json' }, signal });
  return readData<T>(response);
}
