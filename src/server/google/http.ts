// HTTP to Google's APIs: timeouts, JSON bodies, Google's error envelope turned into one error type.
import * as z from 'zod';
import { retryDelayMs, retryPolicy, type RetryPolicy } from './retry';

/** A single call to Google may take this long before it is abandoned (the next run retries). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Error bodies are cut to this in messages: an HTML error page is not a log line. */
const ERROR_TEXT_MAX_CHARS = 300;

const googleErrorSchema = z.object({
  error: z.union([z.object({ code: z.number().optional(), message: z.string(), status: z.string().optional() }), z.string()]),
  error_description: z.string().optional(),
});

/** A non-2xx answer or an unexpected body from a Google API. */
export class GoogleApiError extends Error {
  constructor(
    readonly api: string,
    readonly status: number,
    reason: string,
  ) {
    super(`${api}: HTTP ${status}: ${reason}`);
    this.name = 'GoogleApiError';
  }
}

async function reasonOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const parsed = googleErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const { error, error_description: description } = parsed.data;
      return typeof error === 'string' ? `${error}${description ? `: ${description}` : ''}` : error.message;
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.slice(0, ERROR_TEXT_MAX_CHARS) || res.statusText;
}

/** What `send` may do besides the request itself: its time limit, the retry policy, a hook per attempt. */
export interface SendOptions {
  /** The signal also bounds reading the body: a download's caller passes a longer time. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * Runs just before each attempt is sent (the Data API's quota reservation): throwing stops the call
   * there, so an attempt never sent is never paid for.
   */
  beforeAttempt?: () => Promise<void>;
  /** Runs when an attempt failed to reach Google at all (no connection): what beforeAttempt took is given back. */
  unsent?: () => Promise<void>;
}

/** Our own time limit ran out: the request was sent, Google may have worked on it. */
const isTimeout = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * Sends a request and returns the response when it is 2xx; otherwise throws GoogleApiError. 429 and
 * 5xx answers are retried with backoff (retry.ts); every other answer is final.
 * @example const res = await send('reporting', url, { headers })
 */
export async function send(api: string, url: URL | string, init: RequestInit = {}, options: SendOptions = {}): Promise<Response> {
  const policy = retryPolicy(options.retry);
  for (let attempt = 1; ; attempt += 1) {
    // A caller that gave up before this attempt: nothing is sent, nothing is paid.
    init.signal?.throwIfAborted();
    await options.beforeAttempt?.();
    const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
    } catch (error) {
      if (!isTimeout(error)) await options.unsent?.();
      throw error;
    }
    if (res.ok) return res;
    const wait = retryDelayMs(policy, attempt, res.status, res.headers.get('Retry-After'));
    const error = new GoogleApiError(api, res.status, await reasonOf(res));
    if (wait === null) throw error;
    await policy.sleep(wait);
  }
}

/** Sends a request and parses the JSON body with a schema (a wrong shape is a GoogleApiError too). */
export async function sendJson<T extends z.ZodType>(
  api: string,
  schema: T,
  url: URL | string,
  init: RequestInit = {},
  options: SendOptions = {},
): Promise<z.infer<T>> {
  const res = await send(api, url, init, options);
  const parsed = schema.safeParse(await res.json());
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new GoogleApiError(api, res.status, `unexpected response: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

/** A URL under a base ('https://host/v1') with query parameters; undefined and null values are left out. */
export function apiUrl(base: string, path: string, params: Record<string, string | number | boolean | null | undefined> = {}): URL {
  const url = new URL(`${base}/${path.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url;
}
